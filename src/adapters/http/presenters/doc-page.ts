import { Marked, type Tokens } from 'marked';
import { escapeHtml } from './escape-html.js';
import { renderPage } from './page-layout.js';

// Only these schemes become links; anything else (javascript:, data:) stays text.
const SAFE_HREF = /^(https?:|mailto:|\/|#|\.{0,2}\/?[\w.-]+(?:[/?#]|$))/i;

/**
 * One of the published Markdown documents as a page for people: rendered by `marked` (GitHub
 * flavoured: tables, fenced code), with raw HTML in the Markdown shown as text rather than markup,
 * links only to http(s), mailto and this service's paths, and each heading given an id so that
 * `#anchor` links land. The title is the document's first heading.
 */
export function renderDocPage(markdown: string, fallbackTitle: string): string {
  const key = `${fallbackTitle}\n${markdown}`;
  let html = RENDERED.get(key);
  if (html === undefined) {
    html = renderUncached(markdown, fallbackTitle);
    if (RENDERED.size >= MAX_RENDERED) RENDERED.delete(RENDERED.keys().next().value!);
    RENDERED.set(key, html);
  }
  return html;
}

// Every container renders its documents at start; containers of one process mostly render the same.
const MAX_RENDERED = 64;
const RENDERED = new Map<string, string>();

function renderUncached(markdown: string, fallbackTitle: string): string {
  const used = new Map<string, number>();
  const marked = new Marked({
    gfm: true,
    renderer: {
      html: ({ text }: Tokens.HTML | Tokens.Tag) => escapeHtml(text),
      image: ({ text }: Tokens.Image) => escapeHtml(text),
      link(this: { parser: { parseInline(tokens: Tokens.Link['tokens']): string } }, { href, title, tokens }: Tokens.Link) {
        const inner = this.parser.parseInline(tokens);
        if (!SAFE_HREF.test(href)) return inner;
        return `<a href="${escapeHtml(href)}"${title ? ` title="${escapeHtml(title)}"` : ''}>${inner}</a>`;
      },
      heading(this: { parser: { parseInline(tokens: Tokens.Heading['tokens']): string } }, { tokens, depth, text }: Tokens.Heading) {
        const slug =
          text
            .toLowerCase()
            .replace(/[^a-z0-9]+/g, '-')
            .replace(/^-|-$/g, '') || 'section';
        const seen = used.get(slug) ?? 0;
        used.set(slug, seen + 1);
        return `<h${depth} id="${escapeHtml(seen === 0 ? slug : `${slug}-${seen}`)}">${this.parser.parseInline(tokens)}</h${depth}>\n`;
      },
    },
  });
  const title = /^#\s+(.+)$/m.exec(markdown)?.[1]?.trim() ?? fallbackTitle;
  const bodyHtml = `<main class="doc">\n${marked.parse(markdown, { async: false })}\n</main>`;
  return renderPage({ title: `${title} · Vetted`, wide: true, bodyHtml });
}
