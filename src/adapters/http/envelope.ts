import type { Context } from 'koa';

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
