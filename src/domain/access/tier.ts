/** The request-rate tiers of the registry API, as the contract lists them. */
export const TIERS = ['free', 'pro', 'enterprise'] as const;
export type Tier = (typeof TIERS)[number];

/** Public reads a day per tier; null is unlimited. */
export type DailyQuotas = Readonly<Record<Tier, number | null>>;

/** The contract's quotas: Free 1,000 requests a day, Pro 100,000, Enterprise unlimited. */
export const CONTRACT_QUOTAS: DailyQuotas = { free: 1000, pro: 100_000, enterprise: null };

/** The length of a quota's window: a UTC day. */
export const QUOTA_WINDOW_SECONDS = 86_400;

/** Where a caller stands against its daily quota after a request was counted (or refused). */
export interface QuotaStanding {
  readonly tier: Tier;
  /** The day's quota; null when unlimited. */
  readonly quota: number | null;
  /** Requests still allowed today (0 when refused); null when unlimited. */
  readonly remaining: number | null;
  /** Seconds until the quota starts again: the next UTC midnight. */
  readonly resetSeconds: number;
  /** True when this request was refused: the quota was already used up. */
  readonly exhausted: boolean;
}

/** The UTC day of `now`, as `YYYY-MM-DD`: the unit quotas are counted in. */
export function utcDayOf(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/** Whole seconds from `now` to the next UTC midnight (1 to 86,400). */
export function secondsToNextUtcDay(now: Date): number {
  const next = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
  return Math.max(1, Math.ceil((next - now.getTime()) / 1000));
}

/**
 * Judges one more request of a caller of `tier` that has `used` requests counted today (its own
 * and, as far as known, every instance's): allowed while `used` is below the quota, never refused
 * when the quota is unlimited.
 */
export function quotaStanding(tier: Tier, quota: number | null, used: number, now: Date): QuotaStanding {
  return quotaStandingBefore(tier, quota, used, secondsToNextUtcDay(now));
}

/** quotaStanding with the seconds to the next UTC day already known (the hot path computes them once a day). */
export function quotaStandingBefore(tier: Tier, quota: number | null, used: number, resetSeconds: number): QuotaStanding {
  if (quota === null) return { tier, quota, remaining: null, resetSeconds, exhausted: false };
  const exhausted = used >= quota;
  return { tier, quota, remaining: exhausted ? 0 : quota - used - 1, resetSeconds, exhausted };
}
