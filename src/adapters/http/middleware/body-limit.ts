import type { Middleware } from 'koa';
import { AppError } from '../../../application/errors.js';

/** Refuses a request whose declared Content-Length is over the limit before anything reads it. */
export function declaredBodyLimit(maxBytes: number): Middleware {
  return async (ctx, next) => {
    const declared = Number(ctx.get('Content-Length') || 0);
    if (declared > maxBytes) {
      // The client may still be sending; close after answering rather than drain its upload.
      ctx.set('Connection', 'close');
      throw new AppError('PAYLOAD_TOO_LARGE', `The request body is larger than ${maxBytes} bytes.`);
    }
    await next();
  };
}
