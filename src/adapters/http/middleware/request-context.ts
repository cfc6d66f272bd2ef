import type { Middleware } from 'koa';
import type { RequestStamp } from '../request-stamp.js';

/**
 * Stamps each request Koa answers (see RequestStamp): its id in `ctx.state.requestId` and in
 * X-Request-Id, the headers every answer carries, and once sent one log line and a count by route
 * template (`unmatched` for a path no route took).
 */
export function requestContext(stamp: RequestStamp): Middleware {
  return async (ctx, next) => {
    const started = performance.now();
    const requestId = stamp.requestIdOf(ctx.get('X-Request-Id'));
    ctx.state.requestId = requestId;
    for (const [name, value] of stamp.headers(requestId)) ctx.set(name, value);
    try {
      await next();
    } finally {
      stamp.served({
        requestId,
        route: (ctx as { _matchedRoute?: string })._matchedRoute ?? 'unmatched',
        method: ctx.method,
        path: ctx.path,
        status: ctx.status,
        ms: performance.now() - started,
        ip: ctx.ip,
      });
    }
  };
}
