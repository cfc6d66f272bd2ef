import { inject, injectable, multiInject } from 'inversify';
import { ChangeFeed } from '../ports/change-feed.js';
import { Logger } from '../ports/logger.js';
import { Timers } from '../ports/timers.js';
import { KnownNames } from './known-names.js';
import { PurgeChangedAnswers } from './purge-changed-answers.js';
import { FORGETS_NAMES, type ForgetsNames } from './forgets-names.js';
import { DetectEvents } from '../watches/detect-events.js';

/**
 * Keeps what this process keeps per name (FORGETS_NAMES: the read caches and the API keys) true
 * to what any process writes: each name the change feed reports is forgotten with its subdomains, and a feed that may
 * have missed changes clears the caches. Watched domains under a changed name are handed to
 * events.detect (a reset sweeps them all), so events follow the same writes, and with a CDN purge
 * endpoint every change asks for a cdn.purge job. Started by the service before it listens, stopped before the database closes.
 *
 * With KnownNames, it loads the index once the feed listens (so no write falls between the load and
 * the first notice), again after a reset, and every KNOWN_NAMES_RELOAD_SECONDS.
 */
/** How often KnownNames is loaded again: the longest a write made around the change feed goes unseen by it. */
const KNOWN_NAMES_RELOAD_SECONDS = 600;

@injectable()
export class ChangePropagation {
  private readonly stopped = new AbortController();

  constructor(
    @inject(ChangeFeed) private readonly feed: ChangeFeed,
    @multiInject(FORGETS_NAMES) private readonly caches: readonly ForgetsNames[],
    @inject(DetectEvents) private readonly events: DetectEvents,
    @inject(PurgeChangedAnswers) private readonly purges: PurgeChangedAnswers,
    @inject(Logger) private readonly logger: Logger,
    @inject(KnownNames) private readonly known?: KnownNames,
    @inject(Timers) private readonly timers?: Timers,
  ) {}

  /** Starts listening; resolves once the feed listens, rejects when it cannot. */
  async start(): Promise<void> {
    await this.feed.start({
      changed: (names) => {
        for (const cache of this.caches) cache.forget(names);
        this.logger.debug({ names: names.slice(0, 20), count: names.length }, 'registry changed; cache entries forgotten');
        this.events
          .changed(names)
          .catch((error: unknown) => this.logger.warn({ error: (error as Error).message }, 'could not ask for a look at watched domains; the sweep will'));
        this.askForPurge();
      },
      reset: () => {
        this.known?.reset();
        this.loadKnownNames();
        for (const cache of this.caches) cache.clear();
        this.logger.info({}, 'registry changes may have been missed; cache cleared');
        this.events
          .sweep()
          .catch((error: unknown) => this.logger.warn({ error: (error as Error).message }, 'could not sweep watched domains; the schedule will'));
        this.askForPurge();
      },
    });
    this.loadKnownNames();
    if (this.known && this.timers) void this.reloadKnownNames(this.timers);
  }

  private loadKnownNames(): void {
    this.known
      ?.load()
      .catch((error: unknown) =>
        this.logger.warn({ error: (error as Error).message }, 'could not load the known names; every name is read from the store until the next load'),
      );
  }

  private async reloadKnownNames(timers: Timers): Promise<void> {
    for (;;) {
      await timers.sleep(KNOWN_NAMES_RELOAD_SECONDS * 1000, this.stopped.signal);
      if (this.stopped.signal.aborted) return;
      this.loadKnownNames();
    }
  }

  // The owed writes are in the database: any one job purges them all, whatever the names were.
  private askForPurge(): void {
    this.purges.changed().catch((error: unknown) => this.logger.warn({ error: (error as Error).message }, 'could not ask for a CDN purge; the schedule will'));
  }

  /** Stops listening; safe to call twice. */
  async stop(): Promise<void> {
    this.stopped.abort();
    await this.feed.stop();
  }
}
