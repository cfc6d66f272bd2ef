import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import type { Logger } from '../../application/ports/logger.js';
import { failureBody } from './envelope.js';
import type { RequestStamp } from './request-stamp.js';

/** Limits of the connection layer, below Koa (HTTP_*_TIMEOUT_MS, HTTP_MAX_CONNECTIONS, HTTP_MAX_CONNECTIONS_PER_CLIENT). */
export interface ConnectionLimits {
  readonly headersTimeoutMs: number;
  readonly requestTimeoutMs: number;
  readonly keepAliveTimeoutMs: number;
  /** Open connections one client address may hold; 0 turns the bound off (behind a proxy every client shares its address). */
  readonly maxConnectionsPerClient: number;
  /** Open connections of all clients together; the one bound that holds behind a proxy. */
  readonly maxConnections: number;
}

/** The methods some route answers; a refusal's 405 names them in Allow. */
export const ALLOWED_METHODS = 'GET, HEAD, POST, DELETE, OPTIONS';

// How long a refused socket may stay open after its answer went out, for the client to read it
// before the close (closing at once with unread input would reset the connection and lose the answer).
const LINGER_MS = 1000;

/** What the guards hold open: refused sockets still lingering, which a shutdown cuts at once. */
export interface ConnectionGuard {
  /** True for a socket the guards refused: whatever it still sends must not be served. */
  isRefused(socket: Duplex): boolean;
  /** Destroys every refused socket still lingering. */
  cutRefused(): void;
}

/**
 * Answers, in the contract's envelope with an X-Request-Id and as one access-log line each, what
 * never reaches Koa: requests the HTTP parser refuses (400, 431 for oversized headers, 405 for
 * methods it does not know), clients too slow to send their headers or body (408), CONNECT (405),
 * an `Expect` other than 100-continue (417), and a connection over the per-client or the global
 * bound (503). Every refused socket is closed: whatever the client still sends is read and dropped,
 * and the socket is destroyed once the answer is out and at most a second later, so refusals never
 * hold descriptors or count against the bounds.
 */
export function guardConnections(server: Server, limits: ConnectionLimits, stamp: RequestStamp, logger: Logger): ConnectionGuard {
  const lingering = new Set<Duplex>();

  const refuse = (socket: Duplex, refusal: Refusal, ip: string | undefined, method = '', path = ''): void => {
    const started = performance.now();
    const requestId = stamp.requestIdOf(undefined);
    lingering.add(socket);
    socket.once('close', () => lingering.delete(socket));
    writeAndClose(socket, refusal, stamp.headers(requestId));
    stamp.served({ requestId, route: 'refused', method, path: path.slice(0, 200), status: refusal.status, ms: performance.now() - started, ip });
  };

  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    const ip = (socket as Partial<Socket>).remoteAddress;
    // A client that went away (or whose socket is already closed) gets no answer and is no event.
    if (error.code === 'ECONNRESET' || !socket.writable) {
      logger.debug({ remoteAddress: ip, code: error.code }, 'client went away');
      return void socket.destroy();
    }
    logger.warn({ remoteAddress: ip, code: error.code }, 'request refused by the HTTP parser');
    refuse(socket, parserRefusal(error.code), ip);
  });

  server.on('connect', (req: IncomingMessage, socket: Duplex) => {
    logger.warn({ remoteAddress: req.socket.remoteAddress, method: 'CONNECT' }, 'CONNECT refused');
    refuse(
      socket,
      { status: 405, code: 'METHOD_NOT_ALLOWED', message: 'CONNECT is not allowed here: this is not a proxy.', headers: { Allow: ALLOWED_METHODS } },
      req.socket.remoteAddress,
      'CONNECT',
      '',
    );
  });

  server.on('checkExpectation', (req: IncomingMessage, res: ServerResponse) => {
    const requestId = stamp.requestIdOf(undefined);
    const body = JSON.stringify(
      failureBody('EXPECTATION_FAILED', 'Only "Expect: 100-continue" is understood here; send the request without this Expect header.'),
    );
    res.shouldKeepAlive = false;
    const headers: Array<readonly [string, string]> = [
      ['Content-Type', 'application/json; charset=utf-8'],
      ['Content-Length', String(Buffer.byteLength(body))],
      ['Cache-Control', 'no-store'],
      ['Connection', 'close'],
    ];
    res.writeHead(417, [...stamp.headers(requestId), ...headers].flat());
    res.end(body);
    req.resume();
    stamp.served({
      requestId,
      route: 'refused',
      method: req.method ?? '',
      path: (req.url ?? '').split('?')[0]!.slice(0, 200),
      status: 417,
      ms: 0,
      ip: req.socket.remoteAddress,
    });
  });

  const perClient = new Map<string, number>();
  let open = 0;
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? '';
    const mine = (perClient.get(address) ?? 0) + 1;
    const overClient = limits.maxConnectionsPerClient > 0 && mine > limits.maxConnectionsPerClient;
    if (overClient || open + 1 > limits.maxConnections) {
      const bound = overClient ? `${limits.maxConnectionsPerClient} from one client` : `${limits.maxConnections} in all`;
      logger.warn(
        { remoteAddress: address, open: overClient ? mine - 1 : open },
        overClient ? 'connection refused: too many from one client' : 'connection refused: too many open connections',
      );
      refuse(
        socket,
        {
          status: 503,
          code: 'SERVICE_UNAVAILABLE',
          message: `Too many open connections (${bound} at most); retry after 1 seconds.`,
          headers: { 'Retry-After': '1' },
        },
        address,
      );
      return;
    }
    open++;
    perClient.set(address, mine);
    socket.once('close', () => {
      open--;
      const left = (perClient.get(address) ?? 1) - 1;
      if (left > 0) perClient.set(address, left);
      else perClient.delete(address);
    });
  });

  return {
    isRefused: (socket) => lingering.has(socket),
    cutRefused() {
      for (const socket of lingering) socket.destroy();
      lingering.clear();
    },
  };
}

interface Refusal {
  readonly status: number;
  readonly code: string;
  readonly message: string;
  readonly headers?: Readonly<Record<string, string>>;
}

function parserRefusal(code: string | undefined): Refusal {
  switch (code) {
    case 'ERR_HTTP_REQUEST_TIMEOUT':
    case 'ERR_HTTP_HEADERS_TIMEOUT':
      return { status: 408, code: 'REQUEST_TIMEOUT', message: 'The request did not arrive in time; send it whole, then wait for the answer.' };
    case 'HPE_HEADER_OVERFLOW':
      return { status: 431, code: 'PAYLOAD_TOO_LARGE', message: 'The request headers are too large.' };
    case 'HPE_INVALID_METHOD':
      return { status: 405, code: 'METHOD_NOT_ALLOWED', message: 'This HTTP method is not known here.', headers: { Allow: ALLOWED_METHODS } };
    default:
      return { status: 400, code: 'VALIDATION_ERROR', message: 'The request is not valid HTTP/1.1.' };
  }
}

/** Writes a whole HTTP answer on a raw socket, drops what the client still sends, and closes (no keep-alive after a refusal). */
function writeAndClose(socket: Duplex, refusal: Refusal, stamped: ReadonlyArray<readonly [string, string]>): void {
  socket.on('error', () => undefined);
  const linger = setTimeout(() => socket.destroy(), LINGER_MS);
  linger.unref();
  socket.once('close', () => clearTimeout(linger));
  // Reading on lets the client's end arrive; the data itself is thrown away.
  socket.on('data', () => undefined);
  socket.resume();
  if (!socket.writable) return void socket.destroy();
  const body = JSON.stringify(failureBody(refusal.code, refusal.message));
  const lines = [
    `HTTP/1.1 ${refusal.status} ${REASONS[refusal.status] ?? 'Error'}`,
    ...stamped.map(([name, value]) => `${name}: ${value}`),
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Cache-Control: no-store',
    'Connection: close',
    ...Object.entries(refusal.headers ?? {}).map(([name, value]) => `${name}: ${value}`),
  ];
  socket.end(`${lines.join('\r\n')}\r\n\r\n${body}`);
}

const REASONS: Record<number, string> = {
  400: 'Bad Request',
  405: 'Method Not Allowed',
  408: 'Request Timeout',
  417: 'Expectation Failed',
  431: 'Request Header Fields Too Large',
  503: 'Service Unavailable',
};
