/** Settings of the change feeds (PgListenChangeFeed, SqlitePollingChangeFeed), bound under the ChangeFeedOptions token. */
export interface ChangeFeedOptions {
  /** PostgreSQL: the DATABASE_URL the one listening connection opens (outside the pool). Ignored on SQLite. */
  readonly connectionString: string;
  /** PostgreSQL: the schema whose changes count (DatabaseOptions.schema). Default: the connection's current schema. */
  readonly schema?: string;
  /** PostgreSQL: application_name of the listening connection, as seen in pg_stat_activity. Default `vetted-change-feed`. */
  readonly applicationName?: string;
  /** PostgreSQL: first reconnect delay, doubled after each failed try up to maxReconnectDelayMs, with jitter. Default 100 ms. */
  readonly minReconnectDelayMs?: number;
  /** PostgreSQL: longest reconnect delay. Default 5000 ms. */
  readonly maxReconnectDelayMs?: number;
  /** SQLite: how often the change table is read. Default 250 ms. */
  readonly pollIntervalMs?: number;
  /** SQLite: also read it as soon as the database file or its log changes (fs.watch). Default true. */
  readonly watchFile?: boolean;
  /** SQLite: most changes read per poll; a bigger burst resets the listener instead. Default 1000. */
  readonly batchLimit?: number;
  /** How often changes older than ten minutes are deleted (by every process; harmless). Default 1000 ms. */
  readonly pruneIntervalMs?: number;
  /** With CDN purging on: how long a change whose purge is still owed is kept (past ten minutes). Unset: no purge is owed. */
  readonly keepOwedPurgesMs?: number;
}
export const ChangeFeedOptions = Symbol('ChangeFeedOptions');
