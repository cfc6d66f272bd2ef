// The price of request-rate tiers on the hottest read: plain GET /verify warm, and signals=true on
// names never asked before, with API_TIERS=on and a Pro key (every request counted, its RateLimit
// headers written), against Koa's ceiling and the same service without tiers, each ratio taken
// within its round.
import { createHash, randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import { KnexApiKeyStore } from '../src/adapters/persistence/knex-api-key-store.js';
import { mintApiKey } from '../src/domain/access/api-key.js';
import { measure, type Measure } from './load-round.js';
import { percentile, round } from './progress.js';
import { serve, stop } from './service-process.js';

const ROUNDS = 3;
/** Goals of the tiers: at least this share of Koa's ceiling, and accounting under a tenth of the untiered rate. */
const TIERED_GOALS = { plainShare: 0.55, overUntiered: 0.9 } as const;

export interface TieredVerify {
  /** signals=true on names never asked before, tiers on with a Pro key, and the same without tiers. */
  readonly coldTieredRps: number;
  readonly coldTieredP99Ms: number;
  readonly coldUntieredRps: number;
  /** Median of the cold rounds' tiered/untiered ratios. */
  readonly coldOverUntiered: number;
  readonly coldTieredShare: number;
  readonly tieredRps: number;
  readonly tieredP99Ms: number;
  readonly untieredRps: number;
  /** Median of the rounds' tiered/Koa ratios. */
  readonly tieredShare: number;
  /** Median of the rounds' tiered/untiered ratios. */
  readonly overUntiered: number;
  readonly goals: typeof TIERED_GOALS;
}

/**
 * Starts a second service with API_TIERS=on on the bench's database (a Pro key with a quota no
 * round reaches), warms both, then measures Koa, the untiered service and the tiered one in turn.
 */
export async function benchTieredVerify(
  db: Knex,
  databaseUrl: string,
  koaPort: number,
  untieredPort: number,
  paths: readonly string[],
  seconds: number,
): Promise<TieredVerify> {
  const minted = mintApiKey(randomBytes(8).toString('base64url'), randomBytes(24).toString('base64url'));
  await new KnexApiKeyStore(db).create({
    id: minted.id,
    keyHash: createHash('sha256').update(minted.key).digest('hex'),
    tier: 'pro',
    name: 'bench',
    entityId: null,
    createdAt: new Date().toISOString(),
  });
  const key = { authorization: `Bearer ${minted.key}` };
  const tiered = await serve(['bin/vetted.js', 'serve'], {
    DATABASE_URL: databaseUrl,
    PORT: '0',
    LOG_LEVEL: 'info',
    API_TIERS: 'on',
    API_QUOTA_PRO: '1000000000',
  });
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
    // Cold: names no one asked either service before, each asked once, as most agents' questions are.
    let fresh = 0;
    const never = () => `/verify/tiers-cold-${fresh++}.example${fresh % 997}.net?signals=true`;
    const cold: Array<{ ceiling: Measure; untiered: Measure; tiered: Measure }> = [];
    for (let r = 1; r <= ROUNDS; r++) {
      const ceiling = await measure(`tiers cold round ${r}: koa, fixed JSON body`, koaPort, () => '/', seconds);
      const untiered = await measure(`tiers cold round ${r}: vetted ?signals=true, names never asked, tiers off`, untieredPort, never, seconds);
      const tieredRound = await measure(
        `tiers cold round ${r}: vetted ?signals=true, names never asked, tiers on with a Pro key`,
        tiered.port,
        never,
        seconds,
        key,
      );
      cold.push({ ceiling, untiered, tiered: tieredRound });
    }
    const median = (values: number[]) => percentile(values, 50);
    const result: TieredVerify = {
      coldTieredRps: median(cold.map((r) => r.tiered.rps)),
      coldTieredP99Ms: median(cold.map((r) => r.tiered.p99)),
      coldUntieredRps: median(cold.map((r) => r.untiered.rps)),
      coldOverUntiered: median(cold.map((r) => round(r.tiered.rps / r.untiered.rps, 2))),
      coldTieredShare: median(cold.map((r) => round(r.tiered.rps / r.ceiling.rps, 2))),
      tieredRps: median(rounds.map((r) => r.tiered.rps)),
      tieredP99Ms: median(rounds.map((r) => r.tiered.p99)),
      untieredRps: median(rounds.map((r) => r.untiered.rps)),
      tieredShare: median(rounds.map((r) => round(r.tiered.rps / r.ceiling.rps, 2))),
      overUntiered: median(rounds.map((r) => round(r.tiered.rps / r.untiered.rps, 2))),
      goals: TIERED_GOALS,
    };
    console.log(
      `signals=true on names never asked before with tiers on and a Pro key = ${result.coldTieredShare} of Koa's ceiling, p99 ${result.coldTieredP99Ms} ms, ${result.coldOverUntiered} of the same without tiers`,
    );
    console.log(
      `plain verify with tiers on and a Pro key = ${result.tieredShare} of Koa's ceiling, p99 ${result.tieredP99Ms} ms, ${result.overUntiered} of the same without tiers (goals: at least ${TIERED_GOALS.plainShare}, and at least ${TIERED_GOALS.overUntiered})`,
    );
    return result;
  } finally {
    await stop(tiered.child);
  }
}
