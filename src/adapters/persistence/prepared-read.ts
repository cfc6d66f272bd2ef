import type { Knex } from 'knex';
import { isSqlite } from './create-knex.js';

interface SqliteStatement {
  all(bindings: readonly unknown[], callback: (error: Error | null, rows: unknown[]) => void): void;
}
interface SqliteConnection {
  prepare(sql: string, callback: (error: Error | null) => void): SqliteStatement;
}
interface PgConnection {
  query(config: { name: string; text: string; values: readonly unknown[] }): Promise<{ rows: unknown[] }>;
}

/**
 * Each SQLite connection's prepared statements, by SQL text. Per process and safe with many
 * instances: statements, never rows, so nothing another process writes makes them stale; bounded by
 * the pool's connections times the few SQL texts that use this (one per name count), and dropped
 * with a connection (weak keys).
 */
const sqliteStatements = new WeakMap<object, Map<string, Promise<SqliteStatement>>>();

/**
 * Runs one read-only statement as a statement prepared once per connection: on SQLite one trip
 * to the driver's thread instead of three (prepare, run, finalize), on PostgreSQL a named
 * statement that the server parses and plans once per connection. For the hottest read only;
 * everything else goes through Knex's builder. `name` must be unique per SQL text.
 */
export async function preparedRead<Row>(db: Knex, name: string, sql: string, bindings: readonly unknown[]): Promise<Row[]> {
  // Inside a transaction the connection is the transaction's: let Knex run it there.
  if (db.isTransaction) {
    const result = await db.raw(sql, bindings as Knex.RawBinding[]);
    return Array.isArray(result) ? result : result.rows;
  }
  const client = db.client as {
    acquireConnection(): Promise<unknown>;
    releaseConnection(connection: unknown): Promise<unknown>;
    emit(event: 'query', query: object): void;
  };
  const connection = await client.acquireConnection();
  // As Knex's own runner does, so that whoever watches the statements (query logs, tests) sees this one.
  client.emit('query', { method: 'raw', sql, bindings });
  try {
    if (isSqlite(db)) return await sqliteAll<Row>(connection as SqliteConnection, sql, bindings);
    const result = await (connection as PgConnection).query({ name, text: pgPlaceholders(sql), values: bindings });
    return result.rows as Row[];
  } finally {
    await client.releaseConnection(connection);
  }
}

async function sqliteAll<Row>(connection: SqliteConnection, sql: string, bindings: readonly unknown[]): Promise<Row[]> {
  const statement = await sqlitePrepared(connection, sql);
  return new Promise((resolve, reject) => statement.all(bindings, (error, rows) => (error ? reject(error) : resolve(rows as Row[]))));
}

// Prepared with a callback: without one the driver reports a failed prepare (a table not there yet,
// a schema being changed) as an 'error' event, which nobody hears, so it became an uncaught
// exception while the read waited for ever. A failed statement is forgotten, to be prepared again.
function sqlitePrepared(connection: SqliteConnection, sql: string): Promise<SqliteStatement> {
  let statements = sqliteStatements.get(connection);
  if (!statements) sqliteStatements.set(connection, (statements = new Map()));
  let prepared = statements.get(sql);
  if (!prepared) {
    const cache = statements;
    prepared = new Promise<SqliteStatement>((resolve, reject) => {
      const statement = connection.prepare(sql, (error) => (error ? reject(error) : resolve(statement)));
    });
    cache.set(sql, prepared);
    prepared.catch(() => cache.delete(sql));
  }
  return prepared;
}

/** `?` placeholders as PostgreSQL's `$1, $2…` (the statements here hold no `?` in literals). */
function pgPlaceholders(sql: string): string {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
}
