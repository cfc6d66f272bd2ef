import { inject, injectable } from 'inversify';
import type { Knex } from 'knex';
import type { ChangeFeed, ChangeListener } from '../../application/ports/change-feed.js';
import { Clock } from '../../application/ports/clock.js';
import { Logger } from '../../application/ports/logger.js';
import { ChangeFeedOptions } from './change-feed-options.js';
import { Database } from './create-knex.js';
import { schedulePruning } from './prune-registry-changes.js';

/**
 * ChangeFeed on a shared SQLite file: reads the rows the triggers added to registry_changes since
 * the last one seen, every pollIntervalMs (250 ms by default), one poll at a time. Ids come from
 * AUTOINCREMENT and SQLite commits one writer at a time, so they are gapless and in commit order: a
 * first new id that is not the next one means rows were pruned unread (a stalled process), and a
 * burst bigger than batchLimit is not read either; both reset the listener. A failing read is
 * logged once per outage; the next good read catches up. Also prunes old rows.
 */
@injectable()
export class SqlitePollingChangeFeed implements ChangeFeed {
  private listener: ChangeListener | undefined;
  private lastId = 0;
  private timer: NodeJS.Timeout | undefined;
  private polling: Promise<void> | undefined;
  private failing = false;
  private stopPruning: (() => Promise<void>) | undefined;

  constructor(
    @inject(ChangeFeedOptions) private readonly options: ChangeFeedOptions,
    @inject(Database) private readonly db: Knex,
    @inject(Clock) private readonly clock: Clock,
    @inject(Logger) private readonly logger: Logger,
  ) {}

  async start(listener: ChangeListener): Promise<void> {
    if (this.listener) throw new Error('SqlitePollingChangeFeed is already started');
    this.lastId = await this.highestId();
    this.listener = listener;
    this.schedule();
    this.stopPruning = schedulePruning(this.db, this.clock, this.logger, this.options.pruneIntervalMs ?? 1000, this.options.keepOwedPurgesMs);
  }

  async stop(): Promise<void> {
    if (!this.listener) return;
    this.listener = undefined;
    clearTimeout(this.timer);
    await this.polling;
    await this.stopPruning?.();
  }

  private schedule(): void {
    this.timer = setTimeout(() => {
      this.polling = this.poll().finally(() => {
        this.polling = undefined;
        if (this.listener) this.schedule();
      });
    }, this.options.pollIntervalMs ?? 250);
    this.timer.unref();
  }

  private async poll(): Promise<void> {
    const limit = this.options.batchLimit ?? 1000;
    let rows: { id: number | string; name: string }[];
    try {
      rows = await this.db('registry_changes').where('id', '>', this.lastId).orderBy('id').limit(limit).select('id', 'name');
      if (rows.length === limit || (rows.length > 0 && Number(rows[0]!.id) !== this.lastId + 1)) {
        // Read the high-water mark before resetting: whatever commits after it is read next time.
        const highest = await this.highestId();
        this.tell((listener) => listener.reset());
        this.lastId = highest;
        rows = [];
      }
    } catch (error) {
      if (!this.failing) this.logger.warn({ err: error }, 'change feed cannot read registry_changes; retrying');
      this.failing = true;
      return;
    }
    if (this.failing) this.logger.info({}, 'change feed reads registry_changes again');
    this.failing = false;
    if (rows.length === 0) return;
    this.lastId = Number(rows[rows.length - 1]!.id);
    const names = [...new Set(rows.map((row) => row.name))];
    this.tell((listener) => listener.changed(names));
  }

  /** The highest id ever given (AUTOINCREMENT's counter), even when its row was pruned. */
  private async highestId(): Promise<number> {
    const row = await this.db('sqlite_sequence').where({ name: 'registry_changes' }).first('seq');
    return Number(row?.seq ?? 0);
  }

  private tell(call: (listener: ChangeListener) => void): void {
    if (!this.listener) return;
    try {
      call(this.listener);
    } catch (error) {
      this.logger.error({ err: error }, 'change listener failed');
    }
  }
}
