import { inject, injectable } from 'inversify';
import { coveringNames, type DomainName } from '../../domain/domain-name.js';
import { projectionOf, type WatchProjection } from '../../domain/events/projection.js';
import { Clock } from '../ports/clock.js';
import { RegistryReader } from '../ports/registry-reader.js';
import { WatchRepository } from '../ports/watch-repository.js';

/** Where a new watch's events start from: the projection of the store now, and the last write it may already hold. */
export interface WatchStart {
  readonly projection: WatchProjection;
  readonly asOfSeq: number;
}

/** Reads what a new watch starts from, from the store (never from a cache: events must not lag). */
@injectable()
export class WatchedStateReader {
  constructor(
    @inject(RegistryReader) private readonly registry: RegistryReader,
    @inject(WatchRepository) private readonly watches: WatchRepository,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async startOf(domain: DomainName): Promise<WatchStart> {
    // The write number first: writes after it are applied again, which changes nothing they already changed.
    const asOfSeq = await this.watches.latestChange();
    const records = await this.registry.findRecords(coveringNames(domain));
    return { projection: projectionOf(domain, records, records.latestReport ?? null, this.clock.now()), asOfSeq };
  }
}
