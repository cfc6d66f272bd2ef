/** What a change feed tells its listener. */
export interface ChangeListener {
  /**
   * Records stored under these names (domains as stored: lower case, registrable names or host
   * names) were written by some process and committed; anything derived from a name or from its
   * subdomains may be stale. Names may repeat and may come late, never before the commit.
   */
  changed(names: readonly string[]): void;
  /** Changes may have been missed (a reconnect, rows pruned unread, a burst): forget everything derived from stored data. */
  reset(): void;
}

/**
 * Tells this process what any process sharing the database wrote to the registry: entities added,
 * revoked or changed, blocks added or removed, registrations confirmed, reports stored. The writes
 * themselves record the change (database triggers into `registry_changes`), so every writer is
 * covered, the CLI included. Adapters: PgListenChangeFeed (LISTEN/NOTIFY, one connection per
 * process, reconnect with backoff, reset on reconnect), SqlitePollingChangeFeed (reads the change
 * table every 250 ms by default). Fake: ManualChangeFeed (test/fakes).
 */
export interface ChangeFeed {
  /** Starts delivering changes to `listener`; resolves once listening, rejects when it cannot listen. */
  start(listener: ChangeListener): Promise<void>;
  /** Stops listening and releases the connection; safe to call twice. */
  stop(): Promise<void>;
}
export const ChangeFeed = Symbol('ChangeFeed');
