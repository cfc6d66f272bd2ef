import type { HomeView, PageLink, SitePage } from '../../../application/views/docs/site-files-pages.js';
import { METHODOLOGY_VERSION } from '../../../application/views/service-facts.js';
import { escapeHtml } from './escape-html.js';
import { renderPage } from './page-layout.js';

/** Pages with a form: no script, nothing external, forms only to this origin. */
export const HTML_PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

const CSS = 'body{font-family:system-ui,sans-serif;max-width:46rem;margin:2rem auto;padding:0 1rem;line-height:1.5}h1,p,li,code{overflow-wrap:anywhere}input{font-size:1rem;padding:.3rem;max-width:100%;box-sizing:border-box}button{font-size:1rem}label{display:block}@media (prefers-color-scheme:dark){body{color:#e8e8e8;background:#161616}a{color:#8ab4f8}}';

/** The home page: what Vetted is, a form that asks for a scan, its documents, and who runs it. */
export function renderHomePage(home: HomeView): string {
  return renderPage({
    title: home.title,
    description: home.description,
    jsonLd: home.organization,
    css: CSS,
    bodyHtml: `<h1>Vetted</h1>
<p>${escapeHtml(home.description)}</p>
<h2>Check a domain</h2>
<form method="get" action="/domains">
<label for="check">Can I trust this domain? (or paste a URL: its host name is checked)</label>
<input id="check" name="domain" required maxlength="2048" placeholder="example.com" autocomplete="url">
<button type="submit">Check</button>
</form>
<p>Answered from what the registry stores, now: the verdict, the trust score and what an agent may do.</p>
<h2>Scan a site</h2>
<form method="post" action="/api/scan">
<label for="domain">Scan a domain (or paste a URL: its host name is scanned)</label>
<input id="domain" name="domain" required maxlength="2048" placeholder="example.com or https://example.com/page">
<button type="submit">Scan</button>
</form>
<p>A scan fetches the site's public resources now and stores a report under methodology <a href="/methodology.md">${escapeHtml(METHODOLOGY_VERSION)}</a>. Reading never scans: <code>GET /verify/{domain}</code> answers from what is stored.</p>
<h2>Get your organisation verified</h2>
<p><a href="/register">Register your domain</a>: prove you control it with a DNS record or a file, confirm by e-mail, and agents see it as a verified entity.</p>
<h2>Documents</h2>
${linkList(home.docs)}
<footer>${linkList(home.about)}</footer>`,
  });
}

/** A privacy, terms or contact page. */
export function renderSitePage(page: SitePage): string {
  const sections = page.sections.map((s) => {
    const items = s.items ? `\n<ul>${s.items.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>` : '';
    return `<h2>${escapeHtml(s.heading)}</h2>\n${s.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}${items}`;
  });
  return renderPage({
    title: `${page.title} · Vetted`,
    description: page.description,
    css: CSS,
    bodyHtml: `<h1>${escapeHtml(page.title)}</h1>\n<p>${escapeHtml(page.description)}</p>\n${sections.join('\n')}\n${linkList([...page.links, { text: 'Vetted', path: '/' }])}`,
  });
}

function linkList(links: readonly PageLink[]): string {
  return `<ul>${links.map((l) => `<li><a href="${escapeHtml(l.path)}">${escapeHtml(l.text)}</a></li>`).join('')}</ul>`;
}

/** An error page for browser requests (form posts, report pages). */
export function renderErrorPage(status: number, code: string, message: string): string {
  return renderPage({
    title: `${status} ${code}`,
    css: CSS,
    noindex: true,
    bodyHtml: `<h1>${escapeHtml(status)} ${escapeHtml(code)}</h1>\n<p>${escapeHtml(message)}</p>\n<p><a href="/">Back to Vetted</a></p>`,
  });
}
