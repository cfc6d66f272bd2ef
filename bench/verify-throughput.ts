// Throughput of the hot read path, GET /verify plain and with signals=true, against Koa's own
// ceiling on this machine. Each server runs in its own process and the load generator in this one,
// so they do not share a core. Every entity has stored TLS and domain-age observations, as the
// background refresh keeps them, so that signals=true scores real observations.
import autocannon from 'autocannon';
import type { Knex } from 'knex';
import { KnexEntityRepository } from '../src/adapters/persistence/knex-entity-repository.js';
import { KnexTrustObservationStore } from '../src/adapters/persistence/knex-trust-observation-store.js';
import { domainName } from '../src/domain/domain-name.js';
import { createBenchDatabase, withoutChangeTriggers } from './bench-database.js';
import { percentile, round } from './progress.js';

const median = (values: readonly number[]) => percentile(values, 50);
import { serve, stop } from './service-process.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = 3;
const CONNECTIONS = 50;
const ENTITIES = 10_000;
const PATHS = Array.from({ length: ENTITIES }, (_, i) => `/verify/company${(i * 7919) % ENTITIES}.com`);
const GOALS = { plainShare: 0.6, signalsShare: 0.5, signalsP99Ms: 15 } as const;

export interface VerifyThroughput {
  readonly connections: number;
  readonly seconds: number;
  readonly entities: number;
  readonly koaCeilingRps: number;
  readonly cacheFillingRps: number;
  readonly warmRps: number;
  readonly warmP99Ms: number;
  readonly signalsFillingRps: number;
  readonly signalsWarmRps: number;
  readonly signalsWarmP99Ms: number;
  /** Warm-cache plain verify as a share of Koa's ceiling. */
  readonly plainShare: number;
  /** Warm-cache signals=true as a share of Koa's ceiling. */
  readonly signalsShare: number;
  readonly goals: typeof GOALS;
}

interface Measure {
  readonly rps: number;
  readonly p99: number;
}

async function measure(title: string, port: number, query = ''): Promise<Measure> {
  let i = 0;
  const result = await autocannon({
    url: `http://127.0.0.1:${port}`,
    connections: CONNECTIONS,
    duration: SECONDS,
    requests: [{ setupRequest: (req: { path: string }) => Object.assign(req, { path: `${PATHS[i++ % ENTITIES]}${query}` }) }],
  });
  const rps = Math.round(result.requests.average);
  console.log(`${title}: ${rps} req/s, p99 ${result.latency.p99} ms, errors ${result.errors}, non-2xx ${result.non2xx}`);
  return { rps, p99: result.latency.p99 };
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
      }
    }),
  );
}

/** Needs the build (dist/) to be current. */
export async function benchVerifyThroughput(): Promise<VerifyThroughput> {
  const database = await createBenchDatabase('sqlite', 'verify');
  const koa = await serve(['bench/koa-ceiling-server.ts'], {});
  try {
    await seed(database.db);
    const vetted = await serve(['bin/vetted.js', 'serve'], { DATABASE_URL: database.url, PORT: '0', LOG_LEVEL: 'info' });
    try {
      const filling = await measure(`vetted GET /verify, ${ENTITIES} verified domains, cache filling`, vetted.port);
      const signalsFilling = await measure(`vetted GET /verify?signals=true, cache filling`, vetted.port, '?signals=true');
      // The ceiling and the warm answers are measured in turn, ROUNDS times, and each ratio is taken
      // within its round: this machine's speed drifts by tens of percent from minute to minute.
      const rounds: Array<{ ceiling: Measure; warm: Measure; signals: Measure }> = [];
      for (let r = 1; r <= ROUNDS; r++) {
        const ceiling = await measure(`round ${r}: koa, fixed JSON body`, koa.port);
        const warm = await measure(`round ${r}: vetted GET /verify, cache warm`, vetted.port);
        const signals = await measure(`round ${r}: vetted GET /verify?signals=true, cache warm`, vetted.port, '?signals=true');
        rounds.push({ ceiling, warm, signals });
      }
      const plainShare = median(rounds.map((r) => round(r.warm.rps / r.ceiling.rps, 2)));
      const signalsShare = median(rounds.map((r) => round(r.signals.rps / r.ceiling.rps, 2)));
      const signalsP99 = median(rounds.map((r) => r.signals.p99));
      console.log(`plain verify (warm) = ${plainShare} of Koa's ceiling, median of ${ROUNDS} rounds (goal: at least ${GOALS.plainShare})`);
      console.log(`signals=true (warm) = ${signalsShare} of Koa's ceiling (goal: at least ${GOALS.signalsShare}), p99 ${signalsP99} ms (goal: at most ${GOALS.signalsP99Ms} ms)`);
      return {
        connections: CONNECTIONS,
        seconds: SECONDS,
        entities: ENTITIES,
        koaCeilingRps: median(rounds.map((r) => r.ceiling.rps)),
        cacheFillingRps: filling.rps,
        warmRps: median(rounds.map((r) => r.warm.rps)),
        warmP99Ms: median(rounds.map((r) => r.warm.p99)),
        signalsFillingRps: signalsFilling.rps,
        signalsWarmRps: median(rounds.map((r) => r.signals.rps)),
        signalsWarmP99Ms: signalsP99,
        plainShare,
        signalsShare,
        goals: GOALS,
      };
    } finally {
      await stop(vetted.child);
    }
  } finally {
    await stop(koa.child);
    await database.dispose();
  }
}
