import type { Middleware } from 'koa';
import { rateLimitHeaders, type ReadGate } from '../read-gate.js';

/**
 * API_TIERS=on, for requests Koa routes: a public read is admitted and counted once (ReadGate; a
 * request admitted before a direct answer handed it over is not counted again) and answered with
 * its RateLimit headers; a scan request with an API key is told its caller, so that its budgets go
 * per key. `ctx.state.caller` holds who asks. A refused key (401) or a used-up quota (429) is
 * thrown to the error envelope.
 */
export function readQuota(gate: ReadGate): Middleware {
  return async (ctx, next) => {
    if (gate.counts(ctx.method, ctx.path)) {
      const admission = await gate.admit(ctx.req, true);
      ctx.state.caller = admission.caller;
      if (admission.standing) for (const [name, value] of rateLimitHeaders(admission.standing)) ctx.set(name, value);
    } else if (gate.identifies(ctx.method, ctx.path) && ctx.req.headers.authorization !== undefined) {
      ctx.state.caller = (await gate.admit(ctx.req, false)).caller;
    }
    await next();
  };
}
