/**
 * The registry writes (every row of the change table: entities, blocks, reports, observations,
 * ownership checks) whose answers the shared caches have not been told to drop yet, claimed by one
 * purger at a time across every process sharing the database, so that each write is purged once.
 * Adapters: KnexPurgeBacklog (columns of `registry_changes`; SQLite and PostgreSQL).
 */
export interface PurgeBacklog {
  /**
   * Claims for `owner` (a fresh random token) the oldest writes not purged yet and not claimed by a
   * live claim, `limit` at most, until `now` + `leaseSeconds`; returns the names they wrote, oldest
   * first (a name may repeat). A claim that lapses (its purger died) is claimable again. Empty when
   * nothing is owed.
   */
  claim(owner: string, now: Date, leaseSeconds: number, limit: number): Promise<string[]>;
  /** Records the writes `owner` claimed as purged at `now`: never claimed again. */
  settle(owner: string, now: Date): Promise<void>;
  /** Gives back what `owner` claimed and did not settle (its purge failed), for the next try. */
  release(owner: string): Promise<void>;
}
export const PurgeBacklog = Symbol('PurgeBacklog');
