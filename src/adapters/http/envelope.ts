import type { Context } from 'koa';
import type { VerifyView } from '../../application/views/registry-view.js';
import type { TrustView } from '../../application/views/trust-view.js';

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
 * Sends a verify-like view (plain or with signals): `expired` as the contract's EXPIRED error, with
 * status 200 and never cached; `data` in the success envelope, cacheable as long as the use case
 * said, serialized by `keep` when given (which keeps it for repeating).
 */
export function sendVerification(ctx: Context, view: VerifyView | TrustView, cacheSeconds: number, keep?: (envelope: unknown) => string): void {
  switch (view.kind) {
    case 'expired':
      ctx.status = 200;
      ctx.set('Cache-Control', 'no-store');
      ctx.body = failureBody('EXPIRED', view.error.message, view.error.details);
      return;
    case 'data':
      if (!keep) return sendData(ctx, view.answer, { cacheSeconds });
      ctx.status = 200;
      ctx.set('Cache-Control', cacheControl(cacheSeconds));
      ctx.type = 'application/json';
      ctx.body = keep({ success: true, data: view.answer });
  }
}
