import type { Context } from 'koa';
import type { VerifyView } from '../../application/views/registry-view.js';
import type { TrustView } from '../../application/views/trust-view.js';
import { sendCacheable, type CacheableAnswer } from './cacheable-answer.js';

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

/** Cache-Control of the service's other answers (documents, reports, lookups); verify-like answers get theirs from cacheableAnswer. */
export function cacheControl(seconds: number): string {
  return seconds > 0 ? `public, max-age=${seconds}` : 'no-store';
}

/**
 * Sends a verify-like view (plain or with signals): `expired` as the contract's EXPIRED error, with
 * status 200 and never cached; `data` in the success envelope, serialized by `render` with its
 * caching headers (cacheable-answer.ts; RenderedAnswers.keep also keeps it for repeating), or 304
 * when the client holds that answer already.
 */
export function sendVerification(ctx: Context, view: VerifyView | TrustView, render: (envelope: unknown) => CacheableAnswer): void {
  switch (view.kind) {
    case 'expired':
      ctx.status = 200;
      ctx.set('Cache-Control', 'no-store');
      ctx.body = failureBody('EXPIRED', view.error.message, view.error.details);
      return;
    case 'data':
      sendCacheable(ctx, render({ success: true, data: view.answer }));
  }
}
