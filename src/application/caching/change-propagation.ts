import { inject, injectable } from 'inversify';
import { ChangeFeed } from '../ports/change-feed.js';
import { Logger } from '../ports/logger.js';
import { PurgeChangedAnswers } from './purge-changed-answers.js';
import { RegistryReadCache } from './registry-read-cache.js';
import { DetectEvents } from '../watches/detect-events.js';
import { ObservationCache } from '../trust/observation-cache.js';
import { OwnershipCache } from '../trust/ownership-cache.js';

/**
 * Keeps this process's read caches (registry records, trust observations, ownership checks) true to what any process
 * writes: each name the change feed reports is forgotten with its subdomains, and a feed that may
 * have missed changes clears the caches. Watched domains under a changed name are handed to
 * events.detect (a reset sweeps them all), so events follow the same writes, and with a CDN purge
 * endpoint every change asks for a cdn.purge job. Started by the service before it listens, stopped before the database closes.
 */
@injectable()
export class ChangePropagation {
  constructor(
    @inject(ChangeFeed) private readonly feed: ChangeFeed,
    @inject(RegistryReadCache) private readonly records: RegistryReadCache,
    @inject(ObservationCache) private readonly observations: ObservationCache,
    @inject(OwnershipCache) private readonly ownership: OwnershipCache,
    @inject(DetectEvents) private readonly events: DetectEvents,
    @inject(PurgeChangedAnswers) private readonly purges: PurgeChangedAnswers,
    @inject(Logger) private readonly logger: Logger,
  ) {}

  /** Starts listening; resolves once the feed listens, rejects when it cannot. */
  async start(): Promise<void> {
    await this.feed.start({
      changed: (names) => {
        this.records.forget(names);
        this.observations.forget(names);
        this.ownership.forget(names);
        this.logger.debug({ names: names.slice(0, 20), count: names.length }, 'registry changed; cache entries forgotten');
        this.events.changed(names).catch((error: unknown) => this.logger.warn({ error: (error as Error).message }, 'could not ask for a look at watched domains; the sweep will'));
        this.askForPurge();
      },
      reset: () => {
        this.records.clear();
        this.observations.clear();
        this.ownership.clear();
        this.logger.info({}, 'registry changes may have been missed; cache cleared');
        this.events.sweep().catch((error: unknown) => this.logger.warn({ error: (error as Error).message }, 'could not sweep watched domains; the schedule will'));
        this.askForPurge();
      },
    });
  }

  // The owed writes are in the database: any one job purges them all, whatever the names were.
  private askForPurge(): void {
    this.purges.changed().catch((error: unknown) => this.logger.warn({ error: (error as Error).message }, 'could not ask for a CDN purge; the schedule will'));
  }

  /** Stops listening; safe to call twice. */
  async stop(): Promise<void> {
    await this.feed.stop();
  }
}
