import type { Context } from 'koa';
import { AppError } from '../../application/errors.js';

export const MAX_BODY_BYTES = 64 * 1024;

/**
 * Reads the request body as UTF-8, counting bytes as they arrive, and stops with
 * PAYLOAD_TOO_LARGE at `maxBytes` (chunked uploads included) rather than buffer it whole.
 */
export function readBodyText(ctx: Context, maxBytes = MAX_BODY_BYTES): Promise<string> {
  const req = ctx.req;
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let total = 0;
    const cleanup = () => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
    };
    const onData = (chunk: Buffer) => {
      total += chunk.length;
      if (total <= maxBytes) return void chunks.push(chunk);
      // Stop reading but keep the socket: the 413 must still reach the client, then we close.
      cleanup();
      req.pause();
      ctx.set('Connection', 'close');
      reject(new AppError('PAYLOAD_TOO_LARGE', `The request body is larger than ${maxBytes} bytes.`));
    };
    const onEnd = () => {
      cleanup();
      resolve(Buffer.concat(chunks).toString('utf8'));
    };
    const onError = (error: Error) => {
      cleanup();
      reject(error);
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
  });
}

/** Reads a JSON body: 415 unless Content-Type is application/json, 400 when it does not parse. */
export async function readJsonBody(ctx: Context, maxBytes = MAX_BODY_BYTES): Promise<unknown> {
  if (!ctx.is('application/json')) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the body as application/json.');
  }
  const text = await readBodyText(ctx, maxBytes);
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError('VALIDATION_ERROR', 'The request body is not valid JSON.');
  }
}
