import type { Context } from 'koa';
import { cacheControl, sendData } from './envelope.js';
import { HTML_PAGE_CSP } from './presenters/home-page.js';

/** A page in the forms it is offered in; each is built only when asked for. */
export interface NegotiablePage {
  readonly html: string | (() => string);
  readonly markdown: string | (() => string);
  /** The data of the page, sent in the success envelope to a client that prefers JSON. */
  readonly json?: () => unknown;
}

/**
 * Answers a page people and agents both read: Markdown to a client that prefers `text/markdown`,
 * the JSON envelope to one that prefers `application/json` (when the page has data), otherwise
 * the HTML page under the page CSP; `Vary: Accept` either way.
 */
export function sendNegotiatedPage(ctx: Context, page: NegotiablePage, cacheSeconds: number): void {
  ctx.set('Vary', 'Accept');
  const wanted = page.json ? ctx.accepts('text/html', 'application/json', 'text/markdown') : ctx.accepts('text/html', 'text/markdown');
  if (wanted === 'application/json' && page.json) return sendData(ctx, page.json(), { cacheSeconds });
  ctx.set('Cache-Control', cacheControl(cacheSeconds));
  if (wanted === 'text/markdown') {
    ctx.type = 'text/markdown; charset=utf-8';
    ctx.body = typeof page.markdown === 'string' ? page.markdown : page.markdown();
    return;
  }
  ctx.type = 'text/html; charset=utf-8';
  ctx.set('Content-Security-Policy', HTML_PAGE_CSP);
  ctx.body = typeof page.html === 'string' ? page.html : page.html();
}
