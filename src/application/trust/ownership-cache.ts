import { inject, injectable } from 'inversify';
import type { OwnershipCheck } from '../../domain/trust/ownership.js';
import { NameCache } from '../caching/name-cache.js';
import { KnownNames } from '../caching/known-names.js';
import { Clock } from '../ports/clock.js';

/** What was read of a name's ownership: its stored check, if any. An object, so that answers can compare reads by identity. */
export interface OwnershipRead {
  readonly check: OwnershipCheck | undefined;
}

/** What a name never checked reads as: one object for all, as most names are never checked. */
export const NEVER_CHECKED: OwnershipRead = Object.freeze({ check: undefined });

/** How long a process keeps what it read of a name's ownership (a write anywhere forgets it sooner). */
export const OWNERSHIP_CACHE_SECONDS = 300;

/**
 * The stored ownership check of each lookalike name that signals=true read (see NameCache). Any
 * process storing a check records a change of that name, which the change feed turns into a forget.
 */
@injectable()
export class OwnershipCache extends NameCache<OwnershipRead> {
  constructor(@inject(Clock) clock: Clock, @inject(KnownNames) known?: KnownNames) {
    super(clock, (read) => read.check === undefined, known && { known, empty: NEVER_CHECKED, covering: false });
  }
}
