import type { IncomingMessage } from 'node:http';

/**
 * The status recorded for a request whose client hung up before its answer (nginx's "client closed
 * request"): neither the client's fault in a way it can be told, nor the service's.
 */
export const CLIENT_CLOSED_REQUEST = 499;

/** True when `error` only says that the client of `req` hung up before its request was read whole. */
export function clientWentAway(req: IncomingMessage, error: unknown): boolean {
  if (!(req.destroyed || !req.complete)) return false;
  // The error itself, or the one it wraps (a body reader's VALIDATION_ERROR).
  return [error, (error as { cause?: unknown } | null)?.cause].some((e) => {
    const { code, message } = (e ?? {}) as { code?: unknown; message?: unknown };
    return code === 'ECONNRESET' || code === 'ECONNABORTED' || code === 'ERR_STREAM_PREMATURE_CLOSE' || message === 'aborted';
  });
}
