import type { Context } from 'koa';
import { HTML_PAGE_CSP } from './presenters/home-page.js';

/** Answers an HTML page under the page CSP (no script; forms to this origin only), never cached unless `cacheSeconds` says. */
export function sendPage(ctx: Context, status: number, html: string, cacheSeconds = 0): void {
  ctx.status = status;
  ctx.type = 'text/html; charset=utf-8';
  ctx.set('Cache-Control', cacheSeconds > 0 ? `public, max-age=${cacheSeconds}` : 'no-store');
  ctx.set('Content-Security-Policy', HTML_PAGE_CSP);
  ctx.body = html;
}
