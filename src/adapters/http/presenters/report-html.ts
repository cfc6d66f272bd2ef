import type { ReportSignature } from '../../../application/ports/report-signer.js';
import type { CheckResult, CheckStatus, EvidenceItem, Report, ScanScope, SiteFacts } from '../../../domain/scan/report.js';
import { escapeHtml } from './escape-html.js';
import { renderPage } from './page-layout.js';
import type { ReportLinks } from '../../../application/views/report-links.js';

/** The Content-Security-Policy a report page (or the not-found page) is sent with. */
export const REPORT_PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

export interface ReportHtmlOptions {
  readonly signature: Pick<ReportSignature, 'contentSha256' | 'keyId'>;
}

const UNTRUSTED_LABEL = 'Untrusted content from the scanned site';
const STATUS_LABEL: Readonly<Record<CheckStatus, string>> = { pass: 'pass', warn: 'warn', fail: 'fail', info: 'info', error: 'error' };
// Only our own absolute links and root-relative paths become hrefs; a site URL is always text.
const OWN_HREF = /^(?:https?:\/\/[^\s"'<>]+|\/(?![/\\])[^\s"'<>]*)$/i;

const CSS = `
body{font:15px/1.5 system-ui,sans-serif;max-width:72rem;margin:0 auto;padding:1rem;color:#1b1b1b;background:#fff}
table{border-collapse:collapse;width:100%;margin:.5rem 0 1.5rem}
th,td{border:1px solid #ccc;padding:.3rem .5rem;text-align:left;vertical-align:top}
td,dd,code{overflow-wrap:anywhere}
dl.summary{display:grid;grid-template-columns:max-content 1fr;gap:.2rem 1rem}
dl.summary dt{font-weight:600}
.status{font-weight:700;text-transform:uppercase}
.status-pass{color:#136f2d}.status-warn{color:#8a5a00}.status-fail,.status-error{color:#b00020}.status-info{color:#444}
.untrusted-label{font-weight:700;color:#b00020;margin-bottom:.2rem}
.untrusted{background:#fff6f6;border:1px dashed #b00020}
pre.untrusted{padding:.5rem;white-space:pre-wrap;overflow-wrap:anywhere;max-height:30rem;overflow:auto}
section.evidence{border-top:1px solid #ccc;margin-top:1rem}
`;

/**
 * The report as a complete, script-free HTML page, to be sent with `REPORT_PAGE_CSP`. Every
 * interpolated value is escaped; only the URLs of `links` and `/methodology.md` are links. Site
 * URLs (final URLs, redirects, certificate names) are shown as text, never as hrefs.
 */
export function renderReportHtml(report: Report, links: ReportLinks, options: ReportHtmlOptions): string {
  const bodyHtml = [
    header(report, links, options.signature),
    '<main>',
    '<h2>Core checks</h2>',
    checksTable(report.checks, links, true),
    '<h2>Optional declarations</h2>',
    '<p>Recorded, never scored; a missing declaration is not a failure.</p>',
    checksTable(report.declarations, links, false),
    siteFacts(report.site),
    scope(report.scope),
    '<h2>Evidence</h2>',
    ...report.evidence.map((item) => evidence(item, links)),
    '</main>',
  ].join('\n');
  return renderPage({ title: `Vetted report: ${report.domain}`, bodyHtml, css: CSS, noindex: true });
}

/** A small page saying what was not found; `message` is escaped. */
export function renderNotFoundHtml(message: string, status = 404): string {
  const heading = errorHeading(status);
  const bodyHtml = `<main>\n<h1>${escapeHtml(heading)}</h1>\n<p>${escapeHtml(message)}</p>\n</main>`;
  return renderPage({ title: `${heading} - Vetted`, bodyHtml, css: CSS, noindex: true });
}

/** The heading of an error page: what a person should understand from the status. */
export function errorHeading(status: number): string {
  if (status === 404) return 'Not found';
  if (status === 503) return 'Briefly unavailable';
  if (status >= 500) return 'Something went wrong on our side';
  return 'Request not accepted';
}

function header(report: Report, links: ReportLinks, signature: ReportHtmlOptions['signature']): string {
  const summary: Array<[string, string]> = [
    ['Report', escapeHtml(report.id)],
    ['Scanned at', `<time>${escapeHtml(report.scannedAt)}</time>`],
    ['Methodology', ownLink('/methodology.md', `version ${report.methodologyVersion}`)],
    ['Score', `${escapeHtml(report.score)}/100`],
    ['Reachable', yesNo(report.reachable)],
    ['HTTPS valid', yesNo(report.httpsValid)],
    ['Content SHA-256', `<code>${escapeHtml(signature.contentSha256)}</code>`],
    ['Signing key', `<code>${escapeHtml(signature.keyId)}</code>`],
  ];
  return [
    '<header>',
    `<h1>Vetted report: ${escapeHtml(report.domain)}</h1>`,
    `<dl class="summary">${summary.map(([k, v]) => `<dt>${escapeHtml(k)}</dt><dd>${v}</dd>`).join('')}</dl>`,
    `<nav><p>Also as ${ownLink(links.json, 'JSON')} and ${ownLink(links.markdown, 'Markdown')}; `
      + `permanent link: ${ownLink(links.html, links.html)}</p></nav>`,
    '</header>',
  ].join('\n');
}

function checksTable(checks: readonly CheckResult[], links: ReportLinks, scored: boolean): string {
  if (checks.length === 0) return '<p>None recorded.</p>';
  const head = ['Status', ...(scored ? ['Points'] : []), 'Title', 'Detail', 'Standard', 'Evidence'];
  const rows = checks.map((check) => {
    const status = STATUS_LABEL[check.status] ?? 'error';
    const cells = [
      `<span class="status status-${status}">${escapeHtml(status)}</span>`,
      ...(scored ? [`${escapeHtml(check.points)}/${escapeHtml(check.max)}`] : []),
      escapeHtml(check.title),
      escapeHtml(check.detail),
      escapeHtml(check.standard),
      check.evidence.map((n) => evidenceLink(n, links)).join(', '),
    ];
    return `<tr>${cells.map((cell) => `<td>${cell}</td>`).join('')}</tr>`;
  });
  return [
    '<table>',
    `<thead><tr>${head.map((h) => `<th scope="col">${escapeHtml(h)}</th>`).join('')}</tr></thead>`,
    `<tbody>\n${rows.join('\n')}\n</tbody>`,
    '</table>',
  ].join('\n');
}

function siteFacts(site: SiteFacts): string {
  const facts: Array<[string, string | null]> = [
    ['Title', site.untrustedTitle],
    ['Description', site.untrustedDescription],
    ['Language', site.untrustedLanguage],
    ['Organization name', site.untrustedOrganizationName],
  ];
  return [
    '<section class="site-facts">',
    '<h2>Site facts (untrusted content)</h2>',
    `<p class="untrusted-label">${escapeHtml(UNTRUSTED_LABEL)}</p>`,
    metaTable(facts.map(([label, value]) => [label, value === null ? '<em>not stated</em>' : untrusted(value)])),
    '</section>',
  ].join('\n');
}

function scope(s: ScanScope): string {
  const list = (items: readonly string[]) => `<ul>${items.map((i) => `<li>${escapeHtml(i)}</li>`).join('')}</ul>`;
  return [
    '<section class="scope">',
    '<h2>Scope</h2>',
    `<p>Origin: <code>${escapeHtml(s.origin)}</code></p>`,
    `<p>Paths fetched:</p>${list(s.paths)}`,
    `<p>Not covered by this scan:</p>${list(s.notCovered)}`,
    '</section>',
  ].join('\n');
}

function evidence(item: EvidenceItem, links: ReportLinks): string {
  const n = escapeHtml(item.n);
  const own = links.evidence[item.n - 1];
  const rows: Array<[string, string]> = [
    ['Requested URL', `<code>${escapeHtml(item.requestedUrl)}</code>`],
    ['Final URL', item.finalUrl === null ? '<em>none</em>' : untrusted(item.finalUrl)],
    ['Redirects', redirects(item)],
    ['Status', item.status === null ? '<em>none</em>' : escapeHtml(item.status)],
    ['IP address', item.resolvedIp === null ? '<em>none</em>' : `<code>${escapeHtml(item.resolvedIp)}</code>`],
    ['Time', `${escapeHtml(item.durationMs)} ms`],
    ['Bytes', `${escapeHtml(item.bodyBytes)}${item.truncated ? ' (truncated)' : ''}`],
    ['SHA-256', item.bodySha256 === null ? '<em>none</em>' : `<code>${escapeHtml(item.bodySha256)}</code>`],
    ['Headers', headers(item.headers)],
    ['Certificate', certificate(item)],
    ['Error', item.error === null ? '<em>none</em>' : `<code>${escapeHtml(item.error.code)}</code> ${untrusted(item.error.message)}`],
  ];
  const excerpt = item.untrustedExcerpt === ''
    ? '<p><em>No body excerpt.</em></p>'
    : `<p class="untrusted-label">${escapeHtml(UNTRUSTED_LABEL)}</p>\n<pre class="untrusted">\n${escapeHtml(item.untrustedExcerpt)}</pre>`;
  return [
    `<section class="evidence" id="evidence-${n}">`,
    `<h3>Evidence ${n}: <code>${escapeHtml(item.probe)}</code></h3>`,
    own === undefined ? '' : `<p>${ownLink(own, own)}</p>`,
    metaTable(rows),
    excerpt,
    '</section>',
  ].filter((line) => line !== '').join('\n');
}

function redirects(item: EvidenceItem): string {
  if (item.redirects.length === 0) return '<em>none</em>';
  const hops = item.redirects.map((r) => `<li>${escapeHtml(r.status)} ${untrusted(r.url)} to ${untrusted(r.location)}</li>`);
  return `<ol>${hops.join('')}</ol>`;
}

function headers(h: EvidenceItem['headers']): string {
  const entries = Object.entries(h);
  if (entries.length === 0) return '<em>none</em>';
  return `<ul>${entries.map(([name, value]) => `<li>${untrusted(name)}: ${untrusted(value)}</li>`).join('')}</ul>`;
}

function certificate(item: EvidenceItem): string {
  const c = item.certificate;
  if (c === null) return '<em>none</em>';
  return [
    `Subject: ${untrusted(c.subject)}`,
    `Issuer: ${untrusted(c.issuer)}`,
    `Names: ${c.subjectAltNames.length === 0 ? '<em>none</em>' : c.subjectAltNames.map(untrusted).join(', ')}`,
    `Valid: ${escapeHtml(c.validFrom)} to ${escapeHtml(c.validTo)}`,
  ].join('<br>');
}

function metaTable(rows: ReadonlyArray<readonly [string, string]>): string {
  return `<table class="meta"><tbody>${rows.map(([k, v]) => `<tr><th scope="row">${escapeHtml(k)}</th><td>${v}</td></tr>`).join('')}</tbody></table>`;
}

function evidenceLink(n: number, links: ReportLinks): string {
  const url = links.evidence[n - 1];
  return url === undefined ? escapeHtml(n) : ownLink(url, String(n));
}

function ownLink(url: string, text: string): string {
  if (!OWN_HREF.test(url)) return escapeHtml(text);
  return `<a href="${escapeHtml(url)}">${escapeHtml(text)}</a>`;
}

function untrusted(text: string): string {
  return `<code class="untrusted">${escapeHtml(text)}</code>`;
}

function yesNo(flag: boolean): string {
  return flag ? 'yes' : 'no';
}
