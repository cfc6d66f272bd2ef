import { METHODOLOGY_VERSION } from '../../../application/views/service-facts.js';
import { escapeHtml } from './escape-html.js';
import { renderPage } from './page-layout.js';

/** Pages with a form: no script, nothing external, forms only to this origin. */
export const HTML_PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

const CSS = 'body{font-family:system-ui,sans-serif;max-width:46rem;margin:2rem auto;padding:0 1rem;line-height:1.5}input{font-size:1rem;padding:.3rem}button{font-size:1rem}';

/** The home page: what Vetted is, and a form that asks for a scan. */
export function renderHomePage(): string {
  return renderPage({
    title: 'Vetted: website trust and readiness',
    css: CSS,
    bodyHtml: `<h1>Vetted</h1>
<p>Dated, evidence-backed observations about websites, so that software agents can check a counterparty before a payment, a data share or an API call.</p>
<form method="post" action="/api/scan">
<label for="domain">Scan a domain</label>
<input id="domain" name="domain" required maxlength="253" placeholder="example.com">
<button type="submit">Scan</button>
</form>
<p>A scan fetches the site's public resources now and stores a report under methodology <a href="/methodology.md">${escapeHtml(METHODOLOGY_VERSION)}</a>. Reading never scans: <code>GET /verify/{domain}</code> answers from what is stored.</p>
<ul><li><a href="/methodology.md">Methodology</a></li><li><a href="/.well-known/vetted.md">Self-verification</a></li><li><a href="/.well-known/jwks.json">Report signing keys</a></li><li><a href="/status">Status</a></li></ul>`,
  });
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
