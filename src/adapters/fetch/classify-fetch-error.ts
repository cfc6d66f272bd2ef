import type { FetchErrorCode } from '../../application/ports/site-fetcher.js';
import { CONNECT_TIMEOUT_CODE, type HopConnection } from './pinned-agent.js';

/** Why a fetch was aborted from our side, if it was. */
export type AbortCause = 'deadline' | 'caller' | undefined;

// OpenSSL verification codes as Node names them (CERT_HAS_EXPIRED, UNABLE_TO_VERIFY_LEAF_SIGNATURE,
// DEPTH_ZERO_SELF_SIGNED_CERT, ...), Node's own TLS codes and handshake failures.
const TLS_CODE =
  /^(ERR_TLS_|ERR_SSL_|ERR_OSSL_|CERT_|UNABLE_TO_|DEPTH_ZERO_|SELF_SIGNED_|ERROR_IN_CERT|INVALID_CA|INVALID_PURPOSE|PATH_LENGTH_EXCEEDED|HOSTNAME_MISMATCH|EPROTO$)/;
const UNREACHABLE = new Set(['ECONNREFUSED', 'EHOSTUNREACH', 'ENETUNREACH', 'EADDRNOTAVAIL', 'ENOTFOUND', 'EAI_AGAIN']);

/**
 * Turns whatever node-fetch, the socket or a stream threw into a port error code and a one-line
 * message. The socket's own error wins over node-fetch's rewrapped one, since it keeps Node's code.
 */
export function classifyFetchError(
  error: unknown,
  connection: HopConnection | undefined,
  abort: AbortCause,
  resourceTimeoutMs: number,
): { code: FetchErrorCode; message: string } {
  if (abort === 'deadline') return { code: 'TIMEOUT', message: `no complete response within ${resourceTimeoutMs} ms` };
  if (abort === 'caller') return { code: 'TIMEOUT', message: 'aborted by the caller' };
  const source = (connection?.error ?? error) as (Error & { code?: unknown }) | undefined;
  const code = typeof source?.code === 'string' ? source.code : undefined;
  const text = oneLine(source instanceof Error ? source.message : String(source));
  if (code === CONNECT_TIMEOUT_CODE) return { code: 'TIMEOUT', message: text };
  if (code && TLS_CODE.test(code)) return { code: 'TLS_ERROR', message: `${code}: ${text}` };
  const labelled = code ? `${code}: ${text}` : text;
  if ((code && UNREACHABLE.has(code)) || (connection !== undefined && !connection.established)) {
    return { code: 'CONNECT_FAILED', message: labelled };
  }
  return { code: 'PROTOCOL_ERROR', message: labelled };
}

function oneLine(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 300 ? `${line.slice(0, 297)}...` : line;
}
