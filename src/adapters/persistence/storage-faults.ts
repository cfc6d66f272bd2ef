import { injectable } from 'inversify';
import { AppError, isAppError } from '../../application/errors.js';
import type { FaultClassifier } from '../../application/ports/fault-classifier.js';
import { isConnectionPhase } from './connection-phase.js';

/** Seconds a client should wait before asking again while a store is unreachable. */
const OUTAGE_RETRY_AFTER_SECONDS = 5;

// Network failures of the driver, and PostgreSQL's connection-exception (08) and operator-
// intervention (57P0x) classes and too_many_connections; SQLite's file that cannot be opened or
// read, and a lock held past the busy timeout.
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ENOTFOUND', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EPIPE', 'EAI_AGAIN']);
const SQL_CODES = new Set(['57P01', '57P02', '57P03', '53300', 'SQLITE_BUSY', 'SQLITE_CANTOPEN', 'SQLITE_IOERR', 'SQLITE_FULL']);
const MESSAGES =
  /Timeout acquiring a connection|Connection terminated|connection is closed|Client has encountered a connection error|Unable to acquire a connection/i;

/**
 * True when `error` (or an error in its cause chain) says the store could not be reached: it came
 * while a connection was obtained (whatever the server answered then), or it is one of the codes
 * that say a working connection was lost.
 */
export function isStoreUnreachable(error: unknown): boolean {
  for (let e = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (isConnectionPhase(e)) return true;
    const { code, name, message } = e as { code?: unknown; name?: unknown; message?: unknown };
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || SQL_CODES.has(code) || code.startsWith('08'))) return true;
    if (name === 'KnexTimeoutError' || (typeof message === 'string' && MESSAGES.test(message))) return true;
  }
  return false;
}

/** The FaultClassifier of the persistence and queue adapters: an unreachable store is an outage. */
@injectable()
export class StorageFaultClassifier implements FaultClassifier {
  asOutage(error: unknown): AppError | undefined {
    if (isAppError(error) && error.code === 'SERVICE_UNAVAILABLE') return error;
    if (!isStoreUnreachable(error)) return undefined;
    return new AppError(
      'SERVICE_UNAVAILABLE',
      `The service's storage cannot be reached for a moment; retry after ${OUTAGE_RETRY_AFTER_SECONDS} seconds.`,
      { retryAfterSeconds: OUTAGE_RETRY_AFTER_SECONDS },
      { cause: error },
    );
  }
}
