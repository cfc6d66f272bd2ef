import type { Context } from 'koa';
import { cacheControl } from './envelope.js';
import { HTML_PAGE_CSP } from './presenters/home-page.js';

/**
 * Answers an HTML page under `csp` (by default the page CSP: no script, forms to this origin only),
 * never cached unless `cacheSeconds` says, varying by Accept (the data URLs that answer a browser
 * their page answer JSON to others).
 */
export function sendPage(ctx: Context, status: number, html: string, cacheSeconds = 0, csp = HTML_PAGE_CSP): void {
  ctx.status = status;
  ctx.vary('Accept');
  ctx.type = 'text/html; charset=utf-8';
  ctx.set('Cache-Control', cacheControl(cacheSeconds));
  ctx.set('Content-Security-Policy', csp);
  ctx.body = html;
}
