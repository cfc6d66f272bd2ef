import { inject, injectable } from 'inversify';
import { ChangeFeed } from './ports/change-feed.js';
import { Logger } from './ports/logger.js';
import { RegistryReadCache } from './registry-read-cache.js';
import { ObservationCache } from './trust/observation-cache.js';

/**
 * Keeps this process's read caches (registry records, trust observations) true to what any process
 * writes: each name the change feed reports is forgotten with its subdomains, and a feed that may
 * have missed changes clears the caches. Started by the service before it listens, stopped before the database closes.
 */
@injectable()
export class ChangePropagation {
  constructor(
    @inject(ChangeFeed) private readonly feed: ChangeFeed,
    @inject(RegistryReadCache) private readonly records: RegistryReadCache,
    @inject(ObservationCache) private readonly observations: ObservationCache,
    @inject(Logger) private readonly logger: Logger,
  ) {}

  /** Starts listening; resolves once the feed listens, rejects when it cannot. */
  async start(): Promise<void> {
    await this.feed.start({
      changed: (names) => {
        this.records.forget(names);
        this.observations.forget(names);
        this.logger.debug({ names: names.slice(0, 20), count: names.length }, 'registry changed; cache entries forgotten');
      },
      reset: () => {
        this.records.clear();
        this.observations.clear();
        this.logger.info({}, 'registry changes may have been missed; cache cleared');
      },
    });
  }

  /** Stops listening; safe to call twice. */
  async stop(): Promise<void> {
    await this.feed.stop();
  }
}
