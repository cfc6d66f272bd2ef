import { inject, injectable } from 'inversify';
import { utcDayOf } from '../../domain/access/tier.js';
import { Clock } from '../ports/clock.js';
import { Logger } from '../ports/logger.js';
import { Timers } from '../ports/timers.js';
import { UsageLedger } from '../ports/usage-ledger.js';
import { ReadQuotas } from './read-quotas.js';

/** How often this process adds its counts to the shared totals and reads them back. */
const USAGE_SYNC_MS = 1000;
/** Days of usage kept: today and the 30 before it (what GET /account/usage shows). */
export const USAGE_DAYS_KEPT = 31;
const PRUNE_EVERY_MS = 3_600_000;

/**
 * Runs ReadQuotas.sync once a second while the process serves (API_TIERS=on), and once more when
 * it stops, so that no count is lost to a clean shutdown; once an hour deletes the usage older than
 * USAGE_DAYS_KEPT days. A failed sync is logged once until one succeeds; its counts wait for the next.
 */
@injectable()
export class UsageSync {
  private readonly stopped = new AbortController();
  private running: Promise<void> | undefined;
  private failing = false;

  constructor(
    @inject(ReadQuotas) private readonly quotas: ReadQuotas,
    @inject(UsageLedger) private readonly ledger: UsageLedger,
    @inject(Clock) private readonly clock: Clock,
    @inject(Timers) private readonly timers: Timers,
    @inject(Logger) private readonly logger: Logger,
  ) {}

  /** Starts syncing every USAGE_SYNC_MS. */
  start(): void {
    this.running ??= this.loop();
  }

  /** Stops, after one last sync. */
  async stop(): Promise<void> {
    this.stopped.abort();
    await this.running;
    await this.syncNow();
  }

  /** One sync now (tests, shutdown). */
  async syncNow(): Promise<void> {
    try {
      await this.quotas.sync(this.clock.now());
      if (this.failing) this.logger.info({}, 'usage counts reach the store again');
      this.failing = false;
    } catch (error) {
      if (!this.failing) this.logger.warn({ err: error }, 'cannot add usage counts to the store; they are kept and sent with the next sync');
      this.failing = true;
    }
  }

  private async loop(): Promise<void> {
    let pruneAtMs = 0;
    while (!this.stopped.signal.aborted) {
      await this.timers.sleep(USAGE_SYNC_MS, this.stopped.signal);
      if (this.stopped.signal.aborted) return;
      await this.syncNow();
      const now = this.clock.now();
      if (now.getTime() >= pruneAtMs) {
        pruneAtMs = now.getTime() + PRUNE_EVERY_MS;
        const before = utcDayOf(new Date(now.getTime() - (USAGE_DAYS_KEPT - 1) * 86_400_000));
        await this.ledger.prune(before).catch((error: unknown) => this.logger.warn({ err: error }, 'cannot prune old usage counts; will retry in an hour'));
      }
    }
  }
}
