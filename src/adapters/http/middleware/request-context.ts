import { randomUUID } from 'node:crypto';
import type { Middleware } from 'koa';
import type { Logger } from '../../../application/ports/logger.js';
import type { Metrics } from '../../../application/ports/metrics.js';

const CLIENT_REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

/**
 * Gives each request an id (the client's X-Request-Id when it is sane, else a new UUID), echoes it
 * in X-Request-Id, sets headers every answer carries (with `hsts`, Strict-Transport-Security for a
 * year), and when the answer is sent logs one line and counts it by route template (`unmatched`
 * for a path no route took).
 */
export function requestContext(logger: Logger, metrics: Metrics, hsts = false): Middleware {
  return async (ctx, next) => {
    const started = performance.now();
    const incoming = ctx.get('X-Request-Id');
    const requestId = CLIENT_REQUEST_ID.test(incoming) ? incoming : randomUUID();
    ctx.state.requestId = requestId;
    ctx.set('X-Request-Id', requestId);
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Referrer-Policy', 'no-referrer');
    if (hsts) ctx.set('Strict-Transport-Security', 'max-age=31536000');
    try {
      await next();
    } finally {
      const ms = performance.now() - started;
      metrics.requestServed((ctx as { _matchedRoute?: string })._matchedRoute ?? 'unmatched', ctx.method, ctx.status, ms / 1000);
      logger.info(
        {
          reqId: requestId,
          method: ctx.method,
          path: loggablePath(ctx.path),
          status: ctx.status,
          ms: Math.round(ms * 10) / 10,
          ip: ctx.ip,
        },
        'request',
      );
    }
  };
}

// Confirmation tokens are secrets: the access log never carries one.
function loggablePath(path: string): string {
  return path.startsWith('/confirm/') ? '/confirm/[redacted]' : path;
}
