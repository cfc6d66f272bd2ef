import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Logger } from '../../application/ports/logger.js';
import type { Metrics } from '../../application/ports/metrics.js';
import { loggablePath } from './loggable-path.js';

const CLIENT_REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

/** What the access log and the request counters record of one answered request. */
export interface ServedRequest {
  readonly requestId: string;
  /** The route template (`/verify/:domain`), or `unmatched` for a path no route took. */
  readonly route: string;
  readonly method: string;
  readonly path: string;
  readonly status: number;
  readonly ms: number;
  readonly ip: string | undefined;
}

/**
 * What every request gets, however it is answered (through Koa, or repeated from rendered answers
 * before it): an id (the client's X-Request-Id when it is sane, else a new UUID), the headers every
 * answer carries (with `hsts`, Strict-Transport-Security for a year), and once answered one access
 * log line and a count by route template.
 */
export class RequestStamp {
  private readonly fixedHeaders: ReadonlyArray<readonly [string, string]>;

  constructor(
    private readonly logger: Logger,
    private readonly metrics: Metrics,
    hsts: boolean,
  ) {
    this.fixedHeaders = [
      ['X-Content-Type-Options', 'nosniff'],
      // same-origin, not no-referrer: under no-referrer a browser sends `Origin: null` with our own
      // forms, which the write rule (see middleware/cors.ts) must refuse. Other origins still get nothing.
      ['Referrer-Policy', 'same-origin'],
      ...(hsts ? ([['Strict-Transport-Security', 'max-age=31536000']] as const) : []),
    ];
  }

  /** The id of a request that sent `incoming` as its X-Request-Id. */
  requestIdOf(incoming: string | undefined): string {
    return incoming !== undefined && CLIENT_REQUEST_ID.test(incoming) ? incoming : randomUUID();
  }

  /** The headers every answer carries, X-Request-Id first. */
  headers(requestId: string): Array<readonly [string, string]> {
    return [['X-Request-Id', requestId], ...this.fixedHeaders];
  }

  /** Logs one line and counts the request. */
  served(request: ServedRequest): void {
    this.metrics.requestServed(request.route, request.method, request.status, request.ms / 1000);
    this.logger.info(
      {
        reqId: request.requestId,
        method: request.method,
        // Confirmation tokens are secrets: the access log never carries one.
        path: loggablePath(request.path),
        status: request.status,
        ms: Math.round(request.ms * 10) / 10,
        ip: request.ip,
      },
      'request',
    );
  }
}

/** The client's address as Koa tells it: behind a trusted proxy the first X-Forwarded-For entry, else the peer's. */
export function clientIpOf(req: IncomingMessage, trustProxy: boolean): string | undefined {
  const forwarded = trustProxy ? req.headers['x-forwarded-for'] : undefined;
  const first = typeof forwarded === 'string' ? forwarded.split(',')[0]!.trim() : '';
  return first !== '' ? first : req.socket.remoteAddress;
}
