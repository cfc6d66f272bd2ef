// Throughput of the hot read path, GET /verify plain and with signals=true, against Koa's own
// ceiling on this machine: warm (names asked before), and cold (names no one asked before, as most
// agents' questions are). Each server runs in its own process and the load generator in this one.
// Every entity has stored TLS, domain-age and reputation observations, as the background refresh keeps
// them; the stored names of the cold-stored rounds have none, so each one's first ask claims a first look.
// Cold comes two ways: names nothing is stored under (or new subdomains of stored ones), answered
// with no read, and stored names never asked before, each one point read.
import type { Knex } from 'knex';
import { KnexEntityRepository } from '../src/adapters/persistence/knex-entity-repository.js';
import { KnexTrustObservationStore } from '../src/adapters/persistence/knex-trust-observation-store.js';
import { domainName } from '../src/domain/domain-name.js';
import { createBenchDatabase, withoutChangeTriggers } from './bench-database.js';
import { CONNECTIONS, measure as measureFor, type Measure } from './load-round.js';
import { percentile, readStatusMb, round } from './progress.js';
import { serve, stop } from './service-process.js';
import { benchTieredVerify, type TieredVerify } from './tiered-verify.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = 3;
const measure = (title: string, port: number, path: () => string, duration = SECONDS) => measureFor(title, port, path, duration);
const ENTITIES = 10_000;
/**
 * Entities stored but never asked before the cold-stored rounds, each asked once: the cold path
 * that reads (one point read each), beside names nothing is stored under (answered with no read).
 */
const STORED_COLD = 150_000;
/** Distinct names asked in all before the service's memory is read. */
const DISTINCT_NAMES = Number(process.env.BENCH_DISTINCT_NAMES ?? 400_000);
const PATHS = Array.from({ length: ENTITIES }, (_, i) => `/verify/company${(i * 7919) % ENTITIES}.com`);
/**
 * BENCH_HEAP_MB: a V8 old-space cap for the service (NODE_OPTIONS=--max-old-space-size); none by
 * default, as `npm start` runs it. Without one V8 grows its heap lazily, far past the live set.
 */
const HEAP_MB = process.env.BENCH_HEAP_MB;
const GOALS = { plainShare: 0.6, signalsShare: 0.5, warmP99Ms: 15, coldShare: 0.25, coldP99Ms: 25, rssMb: 200 } as const;

const median = (values: readonly number[]) => percentile(values, 50);

/**
 * The k-th name never asked before: one in four a subdomain of a verified entity (its zone covers
 * it), the others names the registry knows nothing about, under 997 registrable domains.
 */
let coldNames = 0;
function nextColdPath(): string {
  const k = coldNames++;
  return k % 4 === 0 ? `/verify/n${k}.company${k % ENTITIES}.com` : `/verify/site${k}.example${k % 997}.net`;
}

let storedCold = 0;
function nextStoredColdPath(): string {
  if (storedCold >= STORED_COLD) throw new Error(`more than ${STORED_COLD} stored names asked: raise STORED_COLD`);
  return `/verify/stored${storedCold++}.org`;
}

interface Round {
  readonly ceiling: Measure;
  readonly warm: Measure;
  readonly signals: Measure;
  readonly cold: Measure;
}

export interface VerifyThroughput {
  readonly connections: number;
  readonly seconds: number;
  readonly entities: number;
  readonly koaCeilingRps: number;
  readonly cacheFillingRps: number;
  readonly warmRps: number;
  readonly warmP99Ms: number;
  readonly signalsWarmRps: number;
  readonly signalsWarmP99Ms: number;
  readonly signalsColdRps: number;
  readonly signalsColdP99Ms: number;
  /** signals=true on stored names never asked before: one read each. */
  readonly signalsColdStoredRps: number;
  readonly signalsColdStoredP99Ms: number;
  /** Shares of Koa's ceiling, each the median of the rounds' ratios. */
  readonly plainShare: number;
  readonly signalsShare: number;
  readonly coldShare: number;
  readonly coldStoredShare: number;
  readonly distinctNames: number;
  readonly rssAfterMb: number | undefined;
  readonly heapCapMb: number | undefined;
  /** Plain warm verify with API_TIERS=on and a Pro key. */
  readonly tiers: TieredVerify;
  readonly goals: typeof GOALS;
}

function cycling(query: string): () => string {
  let i = 0;
  return () => `${PATHS[i++ % ENTITIES]}${query}`;
}

async function seed(db: Knex): Promise<void> {
  const verifiedAt = new Date().toISOString();
  const expiresAt = new Date(Date.now() + 365 * 86_400_000).toISOString();
  await withoutChangeTriggers(db, (inTransaction) =>
    inTransaction(async (trx) => {
      const repo = new KnexEntityRepository(trx);
      const observations = new KnexTrustObservationStore(trx);
      for (let i = 0; i < ENTITIES; i++) {
        const domain = domainName(`company${i}.com`);
        await repo.create({ name: `Company ${i}`, domain, type: 'business', level: 'verified', coverage: 'zone', verifiedAt, expiresAt });
        await observations.put(domain, 'tls', { observedAt: verifiedAt, value: { valid: true, hostnameMatches: true, validTo: expiresAt } });
        await observations.put(domain, 'domain_age', { observedAt: verifiedAt, value: { registeredAt: '2015-03-01T00:00:00.000Z' } });
        await observations.put(domain, 'reputation', {
          observedAt: verifiedAt,
          value: { blocklists: [], spf: { published: true }, dmarc: { published: true } },
        });
      }
      const stored = Array.from({ length: STORED_COLD }, (_, i) => ({
        name: `Stored ${i}`,
        domain: domainName(`stored${i}.org`),
        type: 'business' as const,
        level: 'verified' as const,
        coverage: 'zone' as const,
        verifiedAt,
        expiresAt,
      }));
      for (let i = 0; i < stored.length; i += 1000) await repo.createMany(stored.slice(i, i + 1000));
    }),
  );
}

/** Needs the build (dist/) to be current. */
export async function benchVerifyThroughput(): Promise<VerifyThroughput> {
  const database = await createBenchDatabase('sqlite', 'verify');
  const koa = await serve(['bench/koa-ceiling-server.ts'], {});
  try {
    await seed(database.db);
    const vetted = await serve(['bin/vetted.js', 'serve'], {
      DATABASE_URL: database.url,
      PORT: '0',
      LOG_LEVEL: 'info',
      ...(HEAP_MB ? { NODE_OPTIONS: `--max-old-space-size=${HEAP_MB}` } : {}),
    });
    try {
      const filling = await measure(`vetted GET /verify, ${ENTITIES} verified domains, cache filling`, vetted.port, cycling(''));
      await measure(`vetted GET /verify?signals=true, cache filling`, vetted.port, cycling('?signals=true'));
      // The ceiling and the answers are measured in turn, ROUNDS times, and each ratio is taken within
      // its round: this machine's speed drifts by tens of percent from minute to minute.
      const rounds: Round[] = [];
      for (let r = 1; r <= ROUNDS; r++) {
        const ceiling = await measure(`round ${r}: koa, fixed JSON body`, koa.port, () => '/');
        const warm = await measure(`round ${r}: vetted GET /verify, cache warm`, vetted.port, cycling(''));
        const signals = await measure(`round ${r}: vetted GET /verify?signals=true, cache warm`, vetted.port, cycling('?signals=true'));
        const cold = await measure(
          `round ${r}: vetted GET /verify?signals=true, names never asked before`,
          vetted.port,
          () => `${nextColdPath()}?signals=true`,
        );
        rounds.push({ ceiling, warm, signals, cold });
      }
      // Rounds of their own after the others: inside them they would push the warm rounds past the
      // minute a rendered answer is repeated, and measure re-rendering instead of a warm cache.
      const storedRounds: Array<{ ceiling: Measure; coldStored: Measure }> = [];
      for (let r = 1; r <= ROUNDS; r++) {
        const ceiling = await measure(`stored round ${r}: koa, fixed JSON body`, koa.port, () => '/');
        const coldStored = await measure(
          `stored round ${r}: vetted GET /verify?signals=true, stored names never asked before`,
          vetted.port,
          () => `${nextStoredColdPath()}?signals=true`,
        );
        storedRounds.push({ ceiling, coldStored });
      }
      while (coldNames < DISTINCT_NAMES) {
        await measure(
          `more names never asked before (${coldNames} so far)`,
          vetted.port,
          () => `${nextColdPath()}${coldNames % 2 ? '?signals=true' : ''}`,
          Math.min(30, SECONDS * 4),
        );
      }
      const rssAfterMb = readStatusMb(vetted.child.pid!, 'VmRSS');
      const tiers = await benchTieredVerify(database.db, database.url, koa.port, vetted.port, PATHS, SECONDS);
      const share = (pick: (r: Round) => Measure) => median(rounds.map((r) => round(pick(r).rps / r.ceiling.rps, 2)));
      const result: VerifyThroughput = {
        connections: CONNECTIONS,
        seconds: SECONDS,
        entities: ENTITIES,
        koaCeilingRps: median(rounds.map((r) => r.ceiling.rps)),
        cacheFillingRps: filling.rps,
        warmRps: median(rounds.map((r) => r.warm.rps)),
        warmP99Ms: median(rounds.map((r) => r.warm.p99)),
        signalsWarmRps: median(rounds.map((r) => r.signals.rps)),
        signalsWarmP99Ms: median(rounds.map((r) => r.signals.p99)),
        signalsColdRps: median(rounds.map((r) => r.cold.rps)),
        signalsColdP99Ms: median(rounds.map((r) => r.cold.p99)),
        signalsColdStoredRps: median(storedRounds.map((r) => r.coldStored.rps)),
        signalsColdStoredP99Ms: median(storedRounds.map((r) => r.coldStored.p99)),
        plainShare: share((r) => r.warm),
        signalsShare: share((r) => r.signals),
        coldShare: share((r) => r.cold),
        coldStoredShare: median(storedRounds.map((r) => round(r.coldStored.rps / r.ceiling.rps, 2))),
        distinctNames: coldNames + storedCold + ENTITIES,
        rssAfterMb,
        heapCapMb: HEAP_MB ? Number(HEAP_MB) : undefined,
        tiers,
        goals: GOALS,
      };
      console.log(
        `plain verify (warm) = ${result.plainShare} of Koa's ceiling, p99 ${result.warmP99Ms} ms (goals: at least ${GOALS.plainShare}, at most ${GOALS.warmP99Ms} ms)`,
      );
      console.log(
        `signals=true (warm) = ${result.signalsShare} of Koa's ceiling, p99 ${result.signalsWarmP99Ms} ms (goals: at least ${GOALS.signalsShare}, at most ${GOALS.warmP99Ms} ms)`,
      );
      console.log(
        `signals=true (names never asked before) = ${result.coldShare} of Koa's ceiling, p99 ${result.signalsColdP99Ms} ms (goals: at least ${GOALS.coldShare}, at most ${GOALS.coldP99Ms} ms)`,
      );
      console.log(
        `signals=true (stored names never asked before, one read each) = ${result.coldStoredShare} of Koa's ceiling, p99 ${result.signalsColdStoredP99Ms} ms (goals: at least ${GOALS.coldShare}, at most ${GOALS.coldP99Ms} ms)`,
      );
      console.log(
        `service RSS after ${result.distinctNames} distinct names${HEAP_MB ? `, old space capped at ${HEAP_MB} MB` : ''}: ${rssAfterMb} MB (goal: at most ${GOALS.rssMb} MB)`,
      );
      return result;
    } finally {
      await stop(vetted.child);
    }
  } finally {
    await stop(koa.child);
    await database.dispose();
  }
}
