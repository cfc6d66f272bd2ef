// The price of request-rate tiers on the hottest read: plain GET /verify, warm, with API_TIERS=on
// and a Pro key (every request counted, its RateLimit headers written), against Koa's ceiling and
// against the same service without tiers, each ratio taken within its round.
import { createHash, randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import type { Knex } from 'knex';
import { KnexApiKeyStore } from '../src/adapters/persistence/knex-api-key-store.js';
import { mintApiKey } from '../src/domain/access/api-key.js';
import { percentile, round } from './progress.js';
import { serve, stop } from './service-process.js';

const ROUNDS = 3;
const CONNECTIONS = 50;
/** Goals of the tiers: at least this share of Koa's ceiling, and accounting under a tenth of the untiered rate. */
export const TIERED_GOALS = { plainShare: 0.55, overUntiered: 0.9 } as const;

export interface TieredVerify {
  readonly tieredRps: number;
  readonly tieredP99Ms: number;
  readonly untieredRps: number;
  /** Median of the rounds' tiered/Koa ratios. */
  readonly tieredShare: number;
  /** Median of the rounds' tiered/untiered ratios. */
  readonly overUntiered: number;
  readonly goals: typeof TIERED_GOALS;
}

interface Measure {
  readonly rps: number;
  readonly p99: number;
}

async function measure(title: string, port: number, path: () => string, seconds: number, headers: Record<string, string> = {}): Promise<Measure> {
  const result = await autocannon({
    url: `http://127.0.0.1:${port}`,
    connections: CONNECTIONS,
    duration: seconds,
    headers,
    requests: [{ setupRequest: (req: { path: string }) => Object.assign(req, { path: path() }) }],
  });
  const rps = Math.round(result.requests.average);
  console.log(`${title}: ${rps} req/s, p99 ${result.latency.p99} ms, errors ${result.errors}, non-2xx ${result.non2xx}`);
  if (result.errors > 0 || result.non2xx > 0) throw new Error(`${title}: ${result.errors} errors, ${result.non2xx} answers other than 2xx`);
  return { rps, p99: result.latency.p99 };
}

/**
 * Starts a second service with API_TIERS=on on the bench's database (a Pro key with a quota no
 * round reaches), warms both, then measures Koa, the untiered service and the tiered one in turn.
 */
export async function benchTieredVerify(db: Knex, databaseUrl: string, koaPort: number, untieredPort: number, paths: readonly string[], seconds: number): Promise<TieredVerify> {
  const minted = mintApiKey(randomBytes(8).toString('base64url'), randomBytes(24).toString('base64url'));
  await new KnexApiKeyStore(db).create({ id: minted.id, keyHash: createHash('sha256').update(minted.key).digest('hex'), tier: 'pro', name: 'bench', entityId: null, createdAt: new Date().toISOString() });
  const key = { authorization: `Bearer ${minted.key}` };
  const tiered = await serve(['bin/vetted.js', 'serve'], { DATABASE_URL: databaseUrl, PORT: '0', LOG_LEVEL: 'info', API_TIERS: 'on', API_QUOTA_PRO: '1000000000' });
  try {
    let i = 0;
    const cycling = () => paths[i++ % paths.length]!;
    await measure('tiers on, Pro key: GET /verify, cache filling', tiered.port, cycling, seconds, key);
    await measure('tiers off: GET /verify, cache filling again', untieredPort, cycling, seconds);
    const rounds: Array<{ ceiling: Measure; untiered: Measure; tiered: Measure }> = [];
    for (let r = 1; r <= ROUNDS; r++) {
      const ceiling = await measure(`tiers round ${r}: koa, fixed JSON body`, koaPort, () => '/', seconds);
      const untiered = await measure(`tiers round ${r}: vetted GET /verify, tiers off, warm`, untieredPort, cycling, seconds);
      const tieredRound = await measure(`tiers round ${r}: vetted GET /verify, tiers on with a Pro key, warm`, tiered.port, cycling, seconds, key);
      rounds.push({ ceiling, untiered, tiered: tieredRound });
    }
    const median = (values: number[]) => percentile(values, 50);
    const result: TieredVerify = {
      tieredRps: median(rounds.map((r) => r.tiered.rps)),
      tieredP99Ms: median(rounds.map((r) => r.tiered.p99)),
      untieredRps: median(rounds.map((r) => r.untiered.rps)),
      tieredShare: median(rounds.map((r) => round(r.tiered.rps / r.ceiling.rps, 2))),
      overUntiered: median(rounds.map((r) => round(r.tiered.rps / r.untiered.rps, 2))),
      goals: TIERED_GOALS,
    };
    console.log(`plain verify with tiers on and a Pro key = ${result.tieredShare} of Koa's ceiling, p99 ${result.tieredP99Ms} ms, ${result.overUntiered} of the same without tiers (goals: at least ${TIERED_GOALS.plainShare}, and at least ${TIERED_GOALS.overUntiered})`);
    return result;
  } finally {
    await stop(tiered.child);
  }
}
