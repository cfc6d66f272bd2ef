import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import knex, { type Knex } from 'knex';
import { markConnectionPhase } from './connection-phase.js';

/** The Knex instance every persistence adapter shares; bound by the composition root. */
export const Database = Symbol('Database');

export interface DatabaseOptions {
  /** PostgreSQL only: the schema to work in (created if missing). Tests give each suite its own. */
  readonly schema?: string;
  /** A read-only server (a hot standby): the schema is never created there, only searched. */
  readonly readOnly?: boolean;
  /** SQLite only: how long a statement waits for another process's lock before failing. */
  readonly busyTimeoutMs?: number;
  /** Where Knex's own warnings (a connection that failed, a deprecation) go; by default the console. */
  readonly log?: (level: 'warn' | 'error' | 'debug', message: string) => void;
}

function knexLog(options: DatabaseOptions): Knex.Config['log'] {
  const sink = options.log;
  if (!sink) return undefined;
  const text = (m: unknown) => (m instanceof Error ? m.message : typeof m === 'string' ? m.split('\n')[0]! : JSON.stringify(m));
  return {
    warn: (m: unknown) => sink('warn', text(m)),
    error: (m: unknown) => sink('error', text(m)),
    deprecate: (m: unknown) => sink('warn', text(m)),
    debug: (m: unknown) => sink('debug', text(m)),
  };
}

/**
 * Opens the database named by DATABASE_URL: `sqlite:<file>` (created, with its folder, on first
 * use; WAL mode and a busy timeout so that several processes can share it) or `postgres://…`.
 */
export function createKnex(databaseUrl: string, options: DatabaseOptions = {}): Knex {
  if (databaseUrl.startsWith('sqlite:')) return markConnectionPhase(openSqlite(databaseUrl.slice('sqlite:'.length), options));
  if (/^postgres(ql)?:\/\//.test(databaseUrl)) return markConnectionPhase(openPostgres(databaseUrl, options));
  throw new Error('DATABASE_URL must start with sqlite: or postgres://');
}

/** True for the embedded SQLite client. */
export function isSqlite(db: Knex): boolean {
  return db.client.config.client === 'sqlite3';
}

function openSqlite(file: string, options: DatabaseOptions): Knex {
  const filename = file === ':memory:' ? file : resolve(file);
  if (filename !== ':memory:') mkdirSync(dirname(filename), { recursive: true });
  const busyTimeoutMs = options.busyTimeoutMs ?? 5000;
  return knex({
    log: knexLog(options),
    client: 'sqlite3',
    connection: { filename },
    useNullAsDefault: true,
    pool: {
      min: 1,
      // Several connections, so that reads go on while one connection waits for another process's
      // write lock (WAL lets readers and one writer work at once). An in-memory database is per
      // connection, so it keeps one.
      max: filename === ':memory:' ? 1 : 4,
      afterCreate(conn: SqliteConnection, done: (error: Error | null, conn: SqliteConnection) => void) {
        conn.exec(`PRAGMA journal_mode = WAL; PRAGMA busy_timeout = ${busyTimeoutMs}; PRAGMA foreign_keys = ON; PRAGMA synchronous = NORMAL;`, (error) =>
          done(error, conn),
        );
      },
    },
  });
}

function openPostgres(url: string, options: DatabaseOptions): Knex {
  return knex({
    log: knexLog(options),
    client: 'pg',
    connection: url,
    searchPath: options.schema ? [options.schema] : undefined,
    pool: {
      min: 0,
      max: 10,
      afterCreate(conn: PgConnection, done: (error: Error | null, conn: PgConnection) => void) {
        if (!options.schema || options.readOnly) return done(null, conn);
        conn.query(`CREATE SCHEMA IF NOT EXISTS "${options.schema.replace(/"/g, '')}"`, (error) => done(error, conn));
      },
    },
    acquireConnectionTimeout: 10_000,
  });
}

interface SqliteConnection {
  exec(sql: string, callback: (error: Error | null) => void): void;
}

interface PgConnection {
  query(sql: string, callback: (error: Error | null) => void): void;
}

/** Where a Knex instance points, for people and without secrets: `PostgreSQL at host:port/db` or `SQLite file …`. */
export function describeDatabase(db: Knex): string {
  const connection = db.client.config.connection as string | { filename?: string; host?: string; port?: number | string; database?: string } | undefined;
  if (isSqlite(db)) return `SQLite file ${typeof connection === 'object' ? connection?.filename : connection}`;
  if (typeof connection === 'object' && connection)
    return `PostgreSQL at ${connection.host ?? 'localhost'}:${connection.port ?? 5432}/${connection.database ?? ''}`;
  try {
    const url = new URL(String(connection));
    return `PostgreSQL at ${url.hostname}:${url.port || '5432'}${url.pathname}`;
  } catch {
    return 'PostgreSQL';
  }
}
