import { escapeHtml } from './escape-html.js';
import { PAGE_CSS } from './people-style.js';

export interface PageOptions {
  /** Plain text; escaped here. */
  readonly title: string;
  /** Markup built by a presenter, every interpolated value already passed through `escapeHtml`. */
  readonly bodyHtml: string;
  /** A wider column, for pages of tables (a report, a history). */
  readonly wide?: boolean;
  /** Asks search engines not to index the page (reports, evidence, errors). */
  readonly noindex?: boolean;
  /** Reloads the page after this many seconds (a progress page; no script needed). */
  readonly refreshSeconds?: number;
  /** Plain text for `<meta name="description">`; escaped here. */
  readonly description?: string;
  /** A JSON-LD document (schema.org), put in a data block no browser executes. */
  readonly jsonLd?: Record<string, unknown>;
}

// Every page leads home, to the log and to the documents; the footer says who answers for it.
const SITE_HEADER = `<header class="site-header"><div class="bar"><a class="brand" href="/">Vetted</a>
<nav aria-label="Site"><ul><li><a href="/">Check a domain</a></li><li><a href="/log">Transparency log</a></li><li><a href="/docs">Documentation</a></li></ul></nav></div></header>`;
const SITE_FOOTER = `<footer class="site-footer"><div class="bar"><ul><li><a href="/">Vetted home</a></li><li><a href="/register">Get your domain verified</a></li><li><a href="/privacy">Privacy</a></li><li><a href="/terms">Terms</a></li><li><a href="/contact">Contact</a></li></ul></div></footer>`;

/**
 * A complete HTML5 document around `bodyHtml`: doctype, UTF-8, viewport, no referrer, an optional
 * robots `noindex`, the escaped title, an optional description and JSON-LD block, the one style
 * sheet (PAGE_CSS), and the site's header and footer. `bodyHtml` is put in `<main>` unless it has
 * its own. No executable script, no external resource.
 */
export function renderPage(options: PageOptions): string {
  const head = [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="referrer" content="same-origin">',
    '<meta name="color-scheme" content="light dark">',
    options.noindex ? '<meta name="robots" content="noindex">' : '',
    options.refreshSeconds !== undefined ? `<meta http-equiv="refresh" content="${Math.max(1, Math.floor(options.refreshSeconds))}">` : '',
    `<title>${escapeHtml(options.title)}</title>`,
    options.description ? `<meta name="description" content="${escapeHtml(options.description)}">` : '',
    // `<` escaped as \u003c: the JSON stays the same and can never close the script element.
    options.jsonLd ? `<script type="application/ld+json">${JSON.stringify(options.jsonLd).replace(/</g, '\\u003c')}</script>` : '',
    `<style>${PAGE_CSS}</style>`,
  ].filter((line) => line !== '');
  const main = options.bodyHtml.includes('<main') ? options.bodyHtml : `<main>\n${options.bodyHtml}\n</main>`;
  return `<!DOCTYPE html>\n<html lang="en">\n<head>\n${head.join('\n')}\n</head>\n<body${options.wide ? ' class="wide"' : ''}>\n${SITE_HEADER}\n${main}\n${SITE_FOOTER}\n</body>\n</html>\n`;
}
