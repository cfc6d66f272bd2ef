import type { Context } from 'koa';
import { AppError } from '../../application/errors.js';
import { MAX_REQUEST_BODY_BYTES } from '../../application/views/service-facts.js';
import { readLimitedBody } from '../shared/read-limited-body.js';

export const MAX_BODY_BYTES = MAX_REQUEST_BODY_BYTES;

/**
 * Reads the request body as UTF-8 through the one bounded reader: a declared Content-Length over
 * `maxBytes` is refused before anything is read, a chunked upload once it passes the limit; either
 * way PAYLOAD_TOO_LARGE, and the connection closes after the answer.
 */
export async function readBodyText(ctx: Context, maxBytes = MAX_BODY_BYTES): Promise<string> {
  let body;
  try {
    body = await readLimitedBody(ctx.req, maxBytes);
  } catch (error) {
    // The client went away, or was cut off for being too slow: nothing of ours failed.
    throw new AppError('VALIDATION_ERROR', 'The request body did not arrive whole.', {}, { cause: error });
  }
  if (!body.tooLarge) return body.text;
  ctx.set('Connection', 'close');
  throw new AppError('PAYLOAD_TOO_LARGE', `The request body is larger than ${maxBytes} bytes.`);
}

/**
 * Reads a JSON body: 413 for a declared size over the limit (before anything else is looked at),
 * 415 unless Content-Type is application/json (or a +json type), 400 when it is empty or does not
 * parse.
 */
export async function readJsonBody(ctx: Context, maxBytes = MAX_BODY_BYTES): Promise<unknown> {
  // The declared type, not ctx.is(): that answers null for a request without a body, which is a
  // JSON request with nothing in it, not a request of another type.
  const type = ctx.request.type.toLowerCase();
  const json = type === 'application/json' || /^application\/[\w.-]+\+json$/.test(type);
  if (!json && !(Number(ctx.get('Content-Length') || 0) > maxBytes)) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the body as application/json.');
  }
  const text = await readBodyText(ctx, maxBytes);
  if (text.trim() === '') throw new AppError('VALIDATION_ERROR', 'The request body is empty; send a JSON object.');
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError('VALIDATION_ERROR', 'The request body is not valid JSON.');
  }
}
