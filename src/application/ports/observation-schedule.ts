/**
 * When the trust observations of each active entity's domain are due for their background refresh
 * (see RefreshObservations), with claims so that exactly one worker, in any process, refreshes a
 * domain at a time. Adapters: KnexObservationSchedule. Fake: InMemoryObservationSchedule.
 */
export interface ObservationSchedule {
  /**
   * Puts on the schedule, due at `now`, the domain of every active entity that is not on it yet
   * (a new entity, or one added before the schedule existed), and takes off it the domains no
   * active, unexpired entity holds any more; resolves with how many were added. Costs one pass over
   * the entities and one over the schedule; the sweep calls it once per tick.
   */
  enroll(now: Date): Promise<number>;
  /**
   * Claims up to `limit` due domains for `leaseSeconds` and returns them, oldest due first: domains
   * of entities that are active and unexpired at `now`, due at or before `now`, not claimed or with a
   * lapsed claim. A claimed domain is returned to no other caller until its lease ends or `done`.
   * Reads an index over the due time; never the whole table.
   */
  claimDue(now: Date, limit: number, leaseSeconds: number): Promise<string[]>;
  /** Records that `domains` were refreshed: each is due again at `nextDueAt`, its claim released. */
  done(domains: readonly string[], nextDueAt: Date): Promise<void>;
}
export const ObservationSchedule = Symbol('ObservationSchedule');
