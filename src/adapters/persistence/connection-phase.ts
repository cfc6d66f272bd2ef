import type { Knex } from 'knex';

/**
 * An error met while obtaining a working connection (connecting, authenticating, choosing the
 * database, TLS, or waiting for the pool): the store is unavailable, whatever the server answered
 * (55000 for a database that allows no connections, 3D000 for one that is gone, 28P01 after a
 * rotated password, 42501 without CONNECT). Keeps the cause's message and code.
 */
class StoreConnectionError extends Error {
  override readonly name = 'StoreConnectionError';
  readonly connectionPhase = true;
  readonly code: string | undefined;

  constructor(cause: unknown) {
    super((cause as { message?: string } | null)?.message ?? String(cause), { cause });
    const code = (cause as { code?: unknown } | null)?.code;
    this.code = typeof code === 'string' ? code : undefined;
  }
}

/** True when `error` was met while obtaining a connection (see StoreConnectionError). */
export function isConnectionPhase(error: unknown): boolean {
  return (error as { connectionPhase?: unknown } | null)?.connectionPhase === true;
}

/**
 * Makes every failure of `db` to hand out a connection a StoreConnectionError: queries, transactions
 * and migrations all take their connection through the client's acquireConnection, so this is the
 * one place where a failure is known to come before any statement ran.
 */
export function markConnectionPhase(db: Knex): Knex {
  const client = db.client as { acquireConnection(): Promise<unknown> };
  const acquire = client.acquireConnection.bind(client);
  client.acquireConnection = async () => {
    try {
      return await acquire();
    } catch (error) {
      throw error instanceof StoreConnectionError ? error : new StoreConnectionError(error);
    }
  };
  return db;
}
