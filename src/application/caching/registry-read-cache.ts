import { inject, injectable } from 'inversify';
import { KnownNames } from './known-names.js';
import { NameCache } from './name-cache.js';
import { Clock } from '../ports/clock.js';
import type { DomainRecords } from '../ports/registry-reader.js';

/** What a name nothing is stored under (nor under its parents) reads as. */
export const NOTHING_STORED: DomainRecords = Object.freeze({ entities: Object.freeze([]), blocks: Object.freeze([]), latestReport: undefined });

/**
 * The registry records of each name that verify read (see NameCache): most verifies cost no
 * database query, and the change feed forgets a name within a second of any process writing it.
 */
@injectable()
export class RegistryReadCache extends NameCache<DomainRecords> {
  constructor(@inject(Clock) clock: Clock, @inject(KnownNames) known?: KnownNames) {
    super(
      clock,
      (records) => records.entities.length === 0 && records.blocks.length === 0 && records.latestReport === undefined,
      known && { known, empty: NOTHING_STORED, covering: true },
    );
  }
}
