/** What a claim of a first look decided. */
export type ObservationClaim =
  /** This caller holds the claim: it queues the look. */
  | { readonly outcome: 'claimed'; readonly claimedAt: string }
  /** Claimed already within the day (by any instance), at `claimedAt`: nothing to queue. */
  | { readonly outcome: 'taken'; readonly claimedAt: string }
  /** The minute's budget of first looks, across every instance, is spent: nothing was written. */
  | { readonly outcome: 'budget' };

/**
 * The first look at a name nobody observed (see FirstObservations): at most one claim per
 * registrable domain a day, whichever instance asks, and at most `perMinute` claims in one UTC
 * minute across every instance. Adapters: KnexObservationClaims. Fake: InMemoryObservationClaims.
 */
export interface ObservationClaims {
  /**
   * Claims `zone` at `now` unless it was claimed less than `claimSeconds` before, within the budget of the
   * minute `now` falls in. A claim refused for the budget writes nothing; a claim that loses a race
   * answers `taken` with the winner's time.
   */
  claim(zone: string, now: Date, options: { readonly perMinute: number; readonly claimSeconds: number }): Promise<ObservationClaim>;
  /** Gives up the claim of `zone` (its look could not be queued), so that the next ask claims it again; the budget it used stays used. */
  release(zone: string): Promise<void>;
}
export const ObservationClaims = Symbol('ObservationClaims');
