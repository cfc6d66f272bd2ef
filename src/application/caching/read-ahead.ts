import { inject, injectable } from 'inversify';
import type { DomainName } from '../../domain/domain-name.js';
import type { ReadAhead } from '../ports/registry-reader.js';
import { OBSERVATION_CACHE_SECONDS, ObservationCache } from '../trust/observation-cache.js';
import { NEVER_CHECKED, OWNERSHIP_CACHE_SECONDS, OwnershipCache } from '../trust/ownership-cache.js';

/** The caches' stamps taken before a read, so that a write landing during it is not cached over. */
export interface ReadAheadStamp {
  readonly observations: number;
  readonly ownership: number;
}

/**
 * Keeps what a verify read found beyond the registry records (the name's stored observations and
 * ownership check) in the caches signals=true reads, so that a cold trust answer costs the one
 * read a plain verify costs. Each cache still forgets the name on any write to it.
 */
@injectable()
export class ReadAheadCaches {
  constructor(
    @inject(ObservationCache) private readonly observations: ObservationCache,
    @inject(OwnershipCache) private readonly ownership: OwnershipCache,
  ) {}

  stamp(): ReadAheadStamp {
    return { observations: this.observations.stamp(), ownership: this.ownership.stamp() };
  }

  keep(domain: DomainName, ahead: ReadAhead | undefined, stamp: ReadAheadStamp): void {
    if (!ahead) return;
    this.observations.set(domain, ahead.observations, OBSERVATION_CACHE_SECONDS, stamp.observations);
    this.ownership.set(domain, ahead.ownership ? { check: ahead.ownership } : NEVER_CHECKED, OWNERSHIP_CACHE_SECONDS, stamp.ownership);
  }
}
