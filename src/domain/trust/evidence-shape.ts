import type { ObservedSignal } from './signal-reasons.js';

/** The signals a first look observes: the rest (registry, brand) are always known. */
export const OBSERVED_SIGNALS: readonly ObservedSignal[] = ['domain_age', 'ssl', 'external'];

/**
 * Where the first look at a name's missing observations stands (see FirstObservations):
 * - `none`: nothing is missing, or a look was made and stored what it saw (failures included);
 * - `queued`: a look is queued or running; its result should be stored within `retryAfterSeconds`;
 * - `waiting`: the budget of looks is spent for now; a read after `retryAfterSeconds` can queue one;
 * - `off`: this deployment makes no look on read (OBSERVE_LIMIT_PER_MINUTE=0, REFRESH_OBSERVATIONS=false),
 *   or one was claimed today and stored nothing.
 */
export type FirstLook = { readonly kind: 'none' } | { readonly kind: 'queued' | 'waiting'; readonly retryAfterSeconds: number } | { readonly kind: 'off' };

/** What a trust answer rests on; field names are the contract's. */
export interface Evidence {
  /** True when every signal was looked at (a failed look counts: its error says what failed). */
  readonly complete: boolean;
  /** The signals whose last look failed (their `error` says how): they score 0, so the score is a lower bound. */
  readonly failed: readonly ObservedSignal[];
  /** The signals that were not looked at yet and will be, without asking again with external=true. */
  readonly pending: readonly ObservedSignal[];
  /** While `pending` is not empty: seconds until the look should have stored its result. */
  readonly retry_after_seconds?: number;
  /** The instant of the oldest observation scored, when any was. */
  readonly oldest_observed_at?: string;
  /** Its age in whole seconds at the time of the answer. */
  readonly oldest_age_seconds?: number;
}
