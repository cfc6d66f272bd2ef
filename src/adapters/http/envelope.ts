import type { Context } from 'koa';
import { expired } from '../../application/views/registry-view.js';

/** Answers with the success envelope; `cacheSeconds` 0 (the default) means no-store. */
export function sendData(ctx: Context, data: unknown, options: { status?: number; cacheSeconds?: number } = {}): void {
  ctx.status = options.status ?? 200;
  ctx.set('Cache-Control', cacheControl(options.cacheSeconds ?? 0));
  ctx.body = { success: true, data };
}

/** The failure envelope; extra fields sit beside code and message in `error`. */
export function failureBody(code: string, message: string, extra: Record<string, unknown> = {}): object {
  return { success: false, error: { code, message, ...extra } };
}

export function cacheControl(seconds: number): string {
  return seconds > 0 ? `public, max-age=${seconds}` : 'no-store';
}

/**
 * Sends a verify-like answer (plain or with signals): an expired verification goes in the contract's
 * EXPIRED envelope, with status 200 and never cached; any other answer as data, cacheable as long
 * as the use case said, serialized by `keep` when given (which keeps it for repeating).
 */
export function sendVerification(ctx: Context, answer: Record<string, unknown>, cacheSeconds: number, keep?: (envelope: unknown) => string): void {
  const expiredAnswer = expired(answer);
  if (!expiredAnswer && keep) {
    ctx.status = 200;
    ctx.set('Cache-Control', cacheControl(cacheSeconds));
    ctx.type = 'application/json';
    ctx.body = keep({ success: true, data: answer });
    return;
  }
  if (!expiredAnswer) return sendData(ctx, answer, { cacheSeconds });
  ctx.status = 200;
  ctx.set('Cache-Control', 'no-store');
  ctx.body = failureBody('EXPIRED', expiredAnswer.message, expiredAnswer.details);
}
