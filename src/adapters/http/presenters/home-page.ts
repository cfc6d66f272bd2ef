import type { HomeView, PageLink, SitePage } from '../../../application/views/docs/site-files-pages.js';
import { METHODOLOGY_VERSION } from '../../../application/views/service-facts.js';
import { escapeHtml } from './escape-html.js';
import { renderPage } from './page-layout.js';

/** Pages with a form: no script, nothing external, forms only to this origin. */
export const HTML_PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

/** The home page: what Vetted is, a form that checks a domain, one that asks for a scan, the transparency log, its documents, and who runs it. */
export function renderHomePage(home: HomeView): string {
  return renderPage({
    title: home.title,
    description: home.description,
    jsonLd: home.organization,
    bodyHtml: `<h1>Can I trust this domain?</h1>
<p class="lead">${escapeHtml(home.description)}</p>
<section class="card" aria-labelledby="check-title">
<h2 id="check-title">Check a domain</h2>
<form method="get" action="/domains">
<label for="check">Domain name, or paste a link: its host name is checked</label>
<div class="field-row"><input id="check" name="domain" required maxlength="2048" placeholder="example.com" autocomplete="url" spellcheck="false"><button type="submit">Check</button></div>
</form>
<p class="small muted">The verdict, the trust score and what an agent may do, from what Vetted has observed.</p>
</section>
<section aria-labelledby="scan-title">
<h2 id="scan-title">Scan a site</h2>
<form method="post" action="/api/scan">
<label for="domain">Domain name, or paste a link: its host name is scanned</label>
<div class="field-row"><input id="domain" name="domain" required maxlength="2048" placeholder="example.com or https://example.com/page" spellcheck="false"><button type="submit">Scan</button></div>
</form>
<p class="small muted">A scan fetches the site's public pages and files now and stores a signed report under methodology <a href="/methodology.md">${escapeHtml(METHODOLOGY_VERSION)}</a>. Checking a domain never scans it.</p>
</section>
<section aria-labelledby="register-title">
<h2 id="register-title">Get your organisation verified</h2>
<p><a href="/register">Register your domain</a>: prove you control it with a DNS record or a file, confirm by e-mail, and agents see it as a verified entity.</p>
</section>
<section aria-labelledby="log-title">
<h2 id="log-title">Check what Vetted says</h2>
<p>Every change to a verdict is written to a public, append-only log that anyone can audit: <a href="/log">the transparency log</a>.</p>
</section>
<section aria-labelledby="docs-title">
<h2 id="docs-title">For developers and agents</h2>
${linkList(home.docs)}
</section>
<section aria-labelledby="about-title">
<h2 id="about-title">About</h2>
${linkList(home.about)}
</section>`,
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
    bodyHtml: `<h1>${escapeHtml(page.title)}</h1>\n<p class="lead">${escapeHtml(page.description)}</p>\n${sections.join('\n')}\n${linkList(page.links)}`,
  });
}

function linkList(links: readonly PageLink[]): string {
  return `<ul>${links.map((l) => `<li><a href="${escapeHtml(l.path)}">${escapeHtml(l.text)}</a></li>`).join('')}</ul>`;
}

/** An error page for browser requests (form posts, report pages). */
export function renderErrorPage(status: number, code: string, message: string): string {
  return renderPage({
    title: `${status} ${code}`,
    noindex: true,
    bodyHtml: `<h1>${escapeHtml(status)} ${escapeHtml(code)}</h1>\n<p>${escapeHtml(message)}</p>\n<p><a href="/">Back to Vetted</a></p>`,
  });
}
