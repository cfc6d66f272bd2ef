import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Logger } from '../../application/ports/logger.js';
import { failureBody } from './envelope.js';

/** Limits of the connection layer, below Koa (HTTP_*_TIMEOUT_MS, HTTP_MAX_CONNECTIONS_PER_CLIENT). */
export interface ConnectionLimits {
  readonly headersTimeoutMs: number;
  readonly requestTimeoutMs: number;
  readonly keepAliveTimeoutMs: number;
  /** Open connections one client address may hold; 0 turns the bound off (behind a proxy every client shares its address). */
  readonly maxConnectionsPerClient: number;
}

/**
 * The timeouts themselves are set where the server is created. Answers, in the contract's envelope and as one JSON log line each, what never reaches Koa:
 * requests the HTTP parser refuses (400, 431 for oversized headers, 405 for methods it does not
 * know), clients too slow to send their headers or body (408), CONNECT (405), and a client
 * address over its connection bound (503, closed at once).
 */
export function guardConnections(server: Server, limits: ConnectionLimits, logger: Logger): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    const [status, code, message] = refusalOf(error.code);
    logger.warn({ remoteAddress: (socket as { remoteAddress?: string }).remoteAddress, code: error.code, status }, 'request refused by the HTTP parser');
    answer(socket, status, code, message, status === 405 ? { Allow: 'GET, HEAD, POST, DELETE, OPTIONS' } : {});
  });

  server.on('connect', (req: IncomingMessage, socket: Duplex) => {
    logger.warn({ remoteAddress: req.socket.remoteAddress, method: 'CONNECT' }, 'CONNECT refused');
    answer(socket, 405, 'METHOD_NOT_ALLOWED', 'CONNECT is not allowed here: this is not a proxy.', { Allow: 'GET, HEAD, POST, DELETE, OPTIONS' });
  });

  if (limits.maxConnectionsPerClient <= 0) return;
  const open = new Map<string, number>();
  server.on('connection', (socket) => {
    const address = socket.remoteAddress ?? '';
    const count = (open.get(address) ?? 0) + 1;
    if (count > limits.maxConnectionsPerClient) {
      logger.warn({ remoteAddress: address, open: count - 1 }, 'connection refused: too many from one client');
      answer(socket, 503, 'SERVICE_UNAVAILABLE', `Too many open connections from one client (${limits.maxConnectionsPerClient} at most); retry after 1 seconds.`, { 'Retry-After': '1' });
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
}

function refusalOf(code: string | undefined): [number, string, string] {
  switch (code) {
    case 'ERR_HTTP_REQUEST_TIMEOUT':
    case 'ERR_HTTP_HEADERS_TIMEOUT':
      return [408, 'REQUEST_TIMEOUT', 'The request did not arrive in time; send it whole, then wait for the answer.'];
    case 'HPE_HEADER_OVERFLOW':
      return [431, 'PAYLOAD_TOO_LARGE', 'The request headers are too large.'];
    case 'HPE_INVALID_METHOD':
      return [405, 'METHOD_NOT_ALLOWED', 'This HTTP method is not known here.'];
    default:
      return [400, 'VALIDATION_ERROR', 'The request is not valid HTTP/1.1.'];
  }
}

/** Writes a whole HTTP answer on a raw socket and closes it (no keep-alive after a refusal). */
function answer(socket: Duplex, status: number, code: string, message: string, headers: Record<string, string>): void {
  if (!socket.writable) return void socket.destroy();
  const body = JSON.stringify(failureBody(code, message));
  const lines = [
    `HTTP/1.1 ${status} ${REASONS[status] ?? 'Error'}`,
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Cache-Control: no-store',
    'Connection: close',
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
  ];
  socket.end(`${lines.join('\r\n')}\r\n\r\n${body}`);
}

const REASONS: Record<number, string> = { 400: 'Bad Request', 405: 'Method Not Allowed', 408: 'Request Timeout', 431: 'Request Header Fields Too Large', 503: 'Service Unavailable' };
