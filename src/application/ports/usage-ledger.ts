/** Requests of one caller on one UTC day, as one instance counted them since its last sync. */
export interface UsageCount {
  /** Who: `key:<id>` for a key holder, `addr:<client address>` for an anonymous caller. */
  readonly subject: string;
  /** `YYYY-MM-DD`, UTC. */
  readonly day: string;
  /** May be 0: the instance only wants the caller's total back. */
  readonly count: number;
}

/** One day of a caller's usage. */
export interface DayUsage {
  readonly day: string;
  readonly count: number;
}

/**
 * The daily request counts every instance adds to, shared through the database: how quotas hold
 * across instances without a write per request. Adapters: KnexUsageLedger. Fake: InMemoryAccess.
 */
export interface UsageLedger {
  /**
   * Adds `counts` to the shared totals in one statement and returns, for each (subject, day) of
   * them, the total after the addition: what every instance added so far that day. Records `at` as
   * the subject's last use when its count is above 0.
   */
  add(counts: readonly UsageCount[], at: string): Promise<UsageCount[]>;
  /** The subject's counts on the days from `fromDay` (inclusive) on, oldest first; days without requests left out. */
  history(subject: string, fromDay: string): Promise<DayUsage[]>;
  /** Deletes every count of a day before `beforeDay`; resolves with how many were deleted. */
  prune(beforeDay: string): Promise<number>;
}
export const UsageLedger = Symbol('UsageLedger');
