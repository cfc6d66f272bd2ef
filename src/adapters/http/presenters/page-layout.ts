import { escapeHtml } from './escape-html.js';

export interface PageOptions {
  /** Plain text; escaped here. */
  readonly title: string;
  /** Markup built by a presenter, every interpolated value already passed through `escapeHtml`. */
  readonly bodyHtml: string;
  /** A constant style sheet; it must not contain `</style`. */
  readonly css?: string;
  /** Asks search engines not to index the page (reports, evidence, errors). */
  readonly noindex?: boolean;
  /** Reloads the page after this many seconds (a progress page; no script needed). */
  readonly refreshSeconds?: number;
  /** Plain text for `<meta name="description">`; escaped here. */
  readonly description?: string;
  /** A JSON-LD document (schema.org), put in a data block no browser executes. */
  readonly jsonLd?: Record<string, unknown>;
}

/**
 * A complete HTML5 document around `bodyHtml`: doctype, UTF-8, viewport, no referrer, an optional
 * robots `noindex`, the escaped title, an optional description and JSON-LD block, and an inline
 * style sheet. No executable script, no external resource.
 */
export function renderPage(options: PageOptions): string {
  const head = [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="referrer" content="same-origin">',
    options.noindex ? '<meta name="robots" content="noindex">' : '',
    options.refreshSeconds !== undefined ? `<meta http-equiv="refresh" content="${Math.max(1, Math.floor(options.refreshSeconds))}">` : '',
    `<title>${escapeHtml(options.title)}</title>`,
    options.description ? `<meta name="description" content="${escapeHtml(options.description)}">` : '',
    // `<` escaped as \u003c: the JSON stays the same and can never close the script element.
    options.jsonLd ? `<script type="application/ld+json">${JSON.stringify(options.jsonLd).replace(/</g, '\\u003c')}</script>` : '',
    options.css ? `<style>${options.css}</style>` : '',
  ].filter((line) => line !== '');
  return `<!DOCTYPE html>\n<html lang="en">\n<head>\n${head.join('\n')}\n</head>\n<body>\n${options.bodyHtml}\n</body>\n</html>\n`;
}
