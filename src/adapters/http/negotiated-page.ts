import type { Context } from 'koa';
import { HTML_PAGE_CSP } from './presenters/home-page.js';

/**
 * Answers a page people and agents both read: Markdown to a client that prefers `text/markdown`,
 * otherwise the HTML page under the page CSP; `Vary: Accept` either way.
 */
export function sendNegotiatedPage(ctx: Context, page: { readonly html: string; readonly markdown: string }, cacheControl: string): void {
  ctx.set('Vary', 'Accept');
  ctx.set('Cache-Control', cacheControl);
  if (ctx.accepts('text/html', 'text/markdown') === 'text/markdown') {
    ctx.type = 'text/markdown; charset=utf-8';
    ctx.body = page.markdown;
    return;
  }
  ctx.type = 'text/html; charset=utf-8';
  ctx.set('Content-Security-Policy', HTML_PAGE_CSP);
  ctx.body = page.html;
}
