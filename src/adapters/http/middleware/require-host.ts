import type { Middleware } from 'koa';
import { AppError } from '../../../application/errors.js';

/** Refuses an HTTP/1.1 request without a Host header (RFC 9112 §3.2), as 400 in the envelope. */
export const requireHost: Middleware = async (ctx, next) => {
  if (ctx.req.httpVersionMajor === 1 && ctx.req.httpVersionMinor === 1 && ctx.req.headers.host === undefined) {
    ctx.set('Connection', 'close');
    throw new AppError('VALIDATION_ERROR', 'An HTTP/1.1 request must carry a Host header.');
  }
  await next();
};
