import type { Context, Middleware } from 'koa';
import { isAppError, type AppError } from '../../../application/errors.js';
import type { FaultClassifier } from '../../../application/ports/fault-classifier.js';
import type { Logger } from '../../../application/ports/logger.js';
import { CLIENT_CLOSED_REQUEST, clientWentAway } from '../../shared/client-went-away.js';
import { ALLOWED_METHODS } from '../connection-guards.js';
import { failureBody } from '../envelope.js';
import { ERROR_STATUS } from '../error-status.js';
import { rateLimitHeaders } from '../read-gate.js';
import type { Tier } from '../../../domain/access/tier.js';

/** How a route wants its errors told: the JSON envelope (default) or a page of its own kind. */
export type ErrorRenderer = (ctx: Context, status: number, code: string, message: string) => void;

/**
 * Turns every failure into the contract's envelope (or the route's own error page), never cached:
 * AppErrors by their code; unknown routes 404; wrong methods 405 with Allow; a store that cannot
 * be reached 503 SERVICE_UNAVAILABLE with Retry-After (logged at warn); anything else 500
 * INTERNAL_ERROR, logged once with the request id and never echoed.
 */
export function errorEnvelope(logger: Logger, faults?: FaultClassifier): Middleware {
  return async (ctx, next) => {
    try {
      await next();
      if (ctx.body === undefined || ctx.body === null) {
        if (ctx.status === 404) respond(ctx, 404, 'NOT_FOUND', `No route for ${ctx.method} ${safePath(ctx.path)}.`);
        else if (ctx.status === 405 || ctx.status === 501) {
          // A method no route knows, on a path no route takes: Allow names what the service answers at all.
          if (!ctx.response.get('Allow')) ctx.set('Allow', ALLOWED_METHODS);
          respond(ctx, 405, 'METHOD_NOT_ALLOWED', `${printableMethod(ctx.method)} is not allowed here; allowed: ${ctx.response.get('Allow')}.`);
        }
      }
    } catch (error) {
      if (clientWentAway(ctx.req, error)) {
        // Nobody is left to answer, and it is no fault of the service: a debug line, no 500.
        logger.debug({ reqId: ctx.state.requestId }, 'client went away before its request was read');
        ctx.status = CLIENT_CLOSED_REQUEST;
        return;
      }
      if (isAppError(error) && error.code !== 'INTERNAL_ERROR') return respondAppError(ctx, error);
      const outage = faults?.asOutage(error);
      if (outage) {
        logger.warn({ reqId: ctx.state.requestId, err: error }, 'storage unavailable');
        return respondAppError(ctx, outage);
      }
      if (isAppError(error)) return respondAppError(ctx, error);
      const status = httpStatusOf(error);
      if (status === 413) return respond(ctx, 413, 'PAYLOAD_TOO_LARGE', 'The request body is too large.');
      if (status === 400) return respond(ctx, 400, 'VALIDATION_ERROR', 'The request is malformed.');
      logger.error({ reqId: ctx.state.requestId, err: error }, 'unhandled error');
      respond(ctx, 500, 'INTERNAL_ERROR', `Internal error; quote request id ${ctx.state.requestId} when reporting it.`);
    }
  };
}

function respondAppError(ctx: Context, error: AppError): void {
  const { retryAfterSeconds, ...rest } = error.details;
  const extra: Record<string, unknown> = { ...rest };
  if (retryAfterSeconds !== undefined) {
    ctx.set('Retry-After', String(retryAfterSeconds));
    extra.retry_after_seconds = retryAfterSeconds;
  }
  // RFC 9110 §15.5.2: a 401 says how to authenticate; RFC 6750 §3.1 names a bad token.
  if (error.code === 'UNAUTHORIZED')
    ctx.set('WWW-Authenticate', INVALID_TOKEN.has(String(rest.reason)) ? 'Bearer realm="vetted", error="invalid_token"' : 'Bearer realm="vetted"');
  if (rest.limit === 'daily_quota' && typeof rest.quota === 'number' && retryAfterSeconds !== undefined) {
    for (const [name, value] of rateLimitHeaders({ tier: rest.tier as Tier, quota: rest.quota, remaining: 0, resetSeconds: retryAfterSeconds }))
      ctx.set(name, value);
  }
  respond(ctx, ERROR_STATUS[error.code], error.code, error.message, extra);
}

const INVALID_TOKEN = new Set(['malformed', 'unknown', 'revoked']);

function respond(ctx: Context, status: number, code: string, message: string, extra: Record<string, unknown> = {}): void {
  ctx.status = status;
  ctx.set('Cache-Control', 'no-store');
  const render = ctx.state.renderError as ErrorRenderer | undefined;
  if (render) return render(ctx, status, code, message);
  ctx.body = failureBody(code, message, extra);
}

function httpStatusOf(error: unknown): number | undefined {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status : undefined;
}

function printableMethod(method: string): string {
  return method.replace(/[^\x21-\x7e]/g, '?').slice(0, 40);
}

function safePath(path: string): string {
  return path.length > 200 ? `${path.slice(0, 200)}…` : path;
}
