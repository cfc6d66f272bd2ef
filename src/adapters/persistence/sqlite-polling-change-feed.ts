import { watch, type FSWatcher } from 'node:fs';
import { basename, dirname } from 'node:path';
import { inject, injectable } from 'inversify';
import type { Knex } from 'knex';
import type { ChangeFeed, ChangeListener } from '../../application/ports/change-feed.js';
import { Clock } from '../../application/ports/clock.js';
import { Logger } from '../../application/ports/logger.js';
import { ChangeFeedOptions } from './change-feed-options.js';
import { Database } from './create-knex.js';
import { schedulePruning } from './prune-registry-changes.js';

/** After a woken poll found nothing: the writer's commit may not have been visible yet, so look once more. */
const FOLLOW_UP_MS = 15;

/**
 * ChangeFeed on a shared SQLite file: reads the rows the triggers added to registry_changes since
 * the last one seen, every pollIntervalMs (250 ms by default), one poll at a time, and at once when
 * the file or its write-ahead log changes (fs.watch), so that a write by another process (the CLI)
 * is seen within milliseconds rather than at the next poll. Ids come from
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
  private watcher: FSWatcher | undefined;
  private woken = false;

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
    this.watchFile();
    this.schedule();
    this.stopPruning = schedulePruning(this.db, this.clock, this.logger, this.options.pruneIntervalMs ?? 1000, this.options.keepOwedPurgesMs);
  }

  async stop(): Promise<void> {
    if (!this.listener) return;
    this.listener = undefined;
    this.watcher?.close();
    this.watcher = undefined;
    clearTimeout(this.timer);
    await this.polling;
    await this.stopPruning?.();
  }

  private schedule(delayMs = this.options.pollIntervalMs ?? 250, followUp = false): void {
    this.timer = setTimeout(() => this.run(followUp), delayMs);
    this.timer.unref();
  }

  private run(followUp: boolean): void {
    this.polling = this.poll().then((found) => {
      this.polling = undefined;
      if (!this.listener) return;
      if (this.woken) {
        this.woken = false;
        return this.run(true);
      }
      if (followUp && !found) return this.schedule(FOLLOW_UP_MS);
      this.schedule();
    });
  }

  /** A change of the file or its log: poll now, or right after the poll in flight. */
  private wake(): void {
    if (!this.listener) return;
    if (this.polling !== undefined) {
      this.woken = true;
      return;
    }
    clearTimeout(this.timer);
    this.run(true);
  }

  private watchFile(): void {
    const connection = this.db.client.config.connection as { filename?: string } | undefined;
    const file = connection?.filename;
    if (file === undefined || file === ':memory:' || this.options.watchFile === false) return;
    const names = new Set([basename(file), `${basename(file)}-wal`]);
    try {
      // The folder, not the file: SQLite creates and truncates the -wal file as it goes.
      this.watcher = watch(dirname(file), { persistent: false }, (_event, name) => {
        if (name !== null && names.has(String(name))) this.wake();
      });
      this.watcher.on('error', (error) => {
        this.logger.warn({ err: error }, 'change feed cannot watch the database file; polling only');
        this.watcher?.close();
        this.watcher = undefined;
      });
    } catch (error) {
      this.logger.warn({ err: error }, 'change feed cannot watch the database file; polling only');
    }
  }

  /** Reads what is new; true when it told the listener something. */
  private async poll(): Promise<boolean> {
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
      return false;
    }
    if (this.failing) this.logger.info({}, 'change feed reads registry_changes again');
    this.failing = false;
    if (rows.length === 0) return false;
    this.lastId = Number(rows[rows.length - 1]!.id);
    const names = [...new Set(rows.map((row) => row.name))];
    this.tell((listener) => listener.changed(names));
    return true;
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
