import { inject, injectable } from 'inversify';
import { KnownNames } from '../caching/known-names.js';
import { NameCache } from '../caching/name-cache.js';
import { Clock } from '../ports/clock.js';
import type { StoredObservations } from '../ports/trust-observation-store.js';

/** What a name nothing was observed of reads as. */
export const NO_OBSERVATIONS: StoredObservations = Object.freeze({});

/** How long a process keeps what it read of a name's observations (a write anywhere forgets it sooner). */
export const OBSERVATION_CACHE_SECONDS = 300;

/**
 * The stored live observations (TLS, domain age, reputation) of each name that signals=true read
 * (see NameCache), so that a trust answer costs no more queries than a plain verify. Any process
 * storing an observation records a change of that name, which the change feed turns into a forget.
 */
@injectable()
export class ObservationCache extends NameCache<StoredObservations> {
  constructor(@inject(Clock) clock: Clock, @inject(KnownNames) known?: KnownNames) {
    super(clock, (observations) => Object.keys(observations).length === 0, known && { known, empty: NO_OBSERVATIONS, covering: false });
  }
}
