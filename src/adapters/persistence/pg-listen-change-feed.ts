import { inject, injectable } from 'inversify';
import type { Knex } from 'knex';
import pg, { type Client } from 'pg';
import type { ChangeFeed, ChangeListener } from '../../application/ports/change-feed.js';
import { Clock } from '../../application/ports/clock.js';
import { Logger } from '../../application/ports/logger.js';
import { ChangeFeedOptions } from './change-feed-options.js';
import { Database } from './create-knex.js';
import { REGISTRY_CHANGES_CHANNEL } from './migrations/006-registry-changes.js';
import { schedulePruning } from './prune-registry-changes.js';
import { PublicReads, PublicReadsToken } from './public-reads.js';

// Notices arriving this close together reach the listener as one batch.
const BATCH_MS = 5;

/**
 * ChangeFeed on PostgreSQL LISTEN/NOTIFY. The triggers of registry_changes send `<schema> <name>`
 * on one database-wide channel when the writing transaction commits; this feed keeps one dedicated
 * connection (outside the Knex pool) listening, and passes on the names of its own schema. When
 * the connection fails or ends it reconnects with exponential backoff and jitter, and resets the
 * listener after each reconnect, since notices sent meanwhile are lost. `start` rejects when the
 * first connection fails. Also prunes old rows of registry_changes.
 */
@injectable()
export class PgListenChangeFeed implements ChangeFeed {
  // Many instances: nothing here is registry data, so nothing here can go stale. The fields are this
  // process's listening connection and its reconnect state; `pending` holds names only for the
  // BATCH_MS before they are passed on, and is emptied by every flush and by stop(). The read cache
  // these names clear is RegistryReadCache (bounded to 50,000 names); a reconnect resets it whole.
  private listener: ChangeListener | undefined;
  private client: Client | undefined;
  private connecting: Promise<void> | undefined;
  private schema = '';
  private failures = 0;
  private reconnectTimer: NodeJS.Timeout | undefined;
  private readonly pending = new Set<string>();
  private batchTimer: NodeJS.Timeout | undefined;
  private stopPruning: (() => Promise<void>) | undefined;

  constructor(
    @inject(ChangeFeedOptions) private readonly options: ChangeFeedOptions,
    @inject(Database) private readonly db: Knex,
    @inject(Clock) private readonly clock: Clock,
    @inject(Logger) private readonly logger: Logger,
    @inject(PublicReadsToken) private readonly reads: PublicReads = PublicReads.primaryOnly(db),
  ) {}

  async start(listener: ChangeListener): Promise<void> {
    if (this.listener) throw new Error('PgListenChangeFeed is already started');
    this.listener = listener;
    try {
      await this.connect();
    } catch (error) {
      this.listener = undefined;
      throw error;
    }
    this.stopPruning = schedulePruning(this.db, this.clock, this.logger, this.options.pruneIntervalMs ?? 1000, this.options.keepOwedPurgesMs);
  }

  async stop(): Promise<void> {
    if (!this.listener) return;
    this.listener = undefined;
    clearTimeout(this.reconnectTimer);
    clearTimeout(this.batchTimer);
    this.pending.clear();
    await this.connecting?.catch(() => undefined);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
    await this.stopPruning?.();
  }

  /** Opens a listening connection and makes it current; nothing is kept when stopped meanwhile. */
  private connect(): Promise<void> {
    const client = new pg.Client({
      connectionString: this.options.connectionString,
      application_name: this.options.applicationName ?? 'vetted-change-feed',
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
      connectionTimeoutMillis: 5000,
    });
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client));
    client.on('notification', (message) => {
      if (client === this.client && message.channel === REGISTRY_CHANGES_CHANNEL) this.notified(message.payload ?? '');
    });
    this.connecting = (async () => {
      try {
        await client.connect();
        const schema = this.options.schema ?? (await client.query<{ schema: string }>('SELECT current_schema() AS schema')).rows[0]?.schema;
        if (!schema) throw new Error('the listening connection has no current schema');
        await client.query(`LISTEN ${REGISTRY_CHANGES_CHANNEL}`);
        this.schema = schema;
      } catch (error) {
        await client.end().catch(() => undefined);
        throw error;
      }
      if (this.listener) this.client = client;
      else await client.end().catch(() => undefined);
    })().finally(() => {
      this.connecting = undefined;
    });
    return this.connecting;
  }

  private notified(payload: string): void {
    const space = payload.indexOf(' ');
    if (space < 0 || payload.slice(0, space) !== this.schema) return;
    this.pending.add(payload.slice(space + 1));
    this.batchTimer ??= setTimeout(() => {
      this.batchTimer = undefined;
      const names = [...this.pending];
      this.pending.clear();
      void this.positioned().then(() => this.tell((listener) => listener.changed(names)));
    }, BATCH_MS);
  }

  /**
   * With a read replica, the primary's WAL position read after a batch of notices arrived: each
   * notice is sent at its transaction's commit, so the position is at or past every write named.
   * PublicReads reads from the primary until the replica has replayed it; read before the listener
   * forgets the names, so that no read after the forgetting lands on an older replica.
   */
  private async positioned(): Promise<void> {
    if (!this.reads.usesReplica) return;
    try {
      const client = this.client;
      if (!client) throw new Error('the listening connection is gone');
      const lsn = (await client.query<{ lsn: string }>('SELECT pg_current_wal_lsn()::text AS lsn')).rows[0]?.lsn;
      if (!lsn) throw new Error('the primary gave no WAL position');
      this.reads.require(lsn);
    } catch (error) {
      this.logger.debug({ err: error }, 'could not read the primary WAL position after notices');
      this.reads.forgetPosition();
    }
  }

  private lost(client: Client, error?: Error): void {
    if (client !== this.client) return;
    this.client = undefined;
    client.end().catch(() => undefined);
    this.logger.warn({ err: error }, 'change feed connection lost; reconnecting');
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (!this.listener) return;
    const ceiling = Math.min(this.options.maxReconnectDelayMs ?? 5000, (this.options.minReconnectDelayMs ?? 100) * 2 ** this.failures);
    // Half the delay is random, so that instances which lost the server together do not return together.
    const delay = ceiling / 2 + Math.random() * (ceiling / 2);
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = undefined;
      this.connect().then(
        () => {
          if (!this.client) return;
          this.logger.info({ failedTries: this.failures }, 'change feed reconnected; clearing what may be stale');
          this.failures = 0;
          this.reads.forgetPosition();
          this.tell((listener) => listener.reset());
        },
        (error: unknown) => {
          this.failures++;
          this.logger.debug({ err: error, failures: this.failures }, 'change feed reconnect failed');
          this.scheduleReconnect();
        },
      );
    }, delay);
    this.reconnectTimer.unref();
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
