import type { ReportLinks } from '../../../application/views/report-links.js';
import type { CheckLine, EvidenceEntry, ReportPage } from '../../../application/views/report-page.js';
import type { Readiness } from '../../../domain/scan/readiness.js';
import type { ReportChange } from '../../../domain/scan/report-diff.js';
import type { CheckStatus, EvidenceItem, Report, SiteFacts } from '../../../domain/scan/report.js';
import { escapeHtml } from './escape-html.js';
import { renderPage } from './page-layout.js';

/** The Content-Security-Policy a report page (or the not-found page) is sent with. */
export const REPORT_PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

const UNTRUSTED_LABEL = 'Untrusted content from the scanned site';
const STATUS_LABEL: Readonly<Record<CheckStatus, string>> = { pass: 'pass', warn: 'warn', fail: 'fail', info: 'info', error: 'error' };
// Only our own absolute links and root-relative paths become hrefs; a site URL is always text.
const OWN_HREF = /^(?:https?:\/\/[^\s"'<>]+|\/(?![/\\])[^\s"'<>]*)$/i;

const CSS = `
body{font:15px/1.5 system-ui,sans-serif;max-width:72rem;margin:0 auto;padding:1rem;color:#1b1b1b;background:#fff}
table{border-collapse:collapse;width:100%;margin:.5rem 0 1.5rem}
.scroll{overflow-x:auto;max-width:100%}
th,td{border:1px solid #ccc;padding:.3rem .5rem;text-align:left;vertical-align:top}
td,dd,code,a{overflow-wrap:anywhere}
dl.summary{display:grid;grid-template-columns:max-content 1fr;gap:.2rem 1rem}
dl.summary dt{font-weight:600}
.status{font-weight:700;text-transform:uppercase}
.status-pass{color:#136f2d}.status-warn{color:#8a5a00}.status-fail,.status-error{color:#b00020}.status-info{color:#444}
.untrusted-label{font-weight:700;color:#b00020;margin-bottom:.2rem}
.untrusted{background:#fff6f6;border:1px dashed #b00020}
pre.untrusted{padding:.5rem;white-space:pre-wrap;overflow-wrap:anywhere;max-height:30rem;overflow:auto}
section.evidence{border-top:1px solid #ccc;margin-top:1rem}
.verdict{font-size:1.3rem;font-weight:700;text-transform:uppercase}
.verdict-ready{color:#136f2d}.verdict-limited{color:#8a5a00}.verdict-unknown{color:#444}
.fix{margin:.2rem 0}
@media (prefers-color-scheme:dark){body{color:#e8e8e8;background:#161616}th,td{border-color:#555}a{color:#8ab4f8}
.status-pass,.verdict-ready{color:#5fd07e}.status-warn,.verdict-limited{color:#f0b54a}.status-fail,.status-error,.untrusted-label{color:#ff7b8a}.status-info,.verdict-unknown{color:#bbb}
.untrusted{background:#2a1b1d;border-color:#ff7b8a}}
`;

/**
 * The report page (see ReportPage) as complete, script-free HTML, to be sent with
 * `REPORT_PAGE_CSP`: readiness first, then the score, the checks with how to fix each failed or
 * warned one, site facts, scope and evidence. Every interpolated value is escaped; only Vetted's
 * own absolute URLs and the standards' pages are links. Site URLs (final URLs, redirects,
 * certificate names) are shown as text, never as hrefs.
 */
export function renderReportHtml(page: ReportPage): string {
  const { report, links } = page;
  const bodyHtml = [
    header(page),
    '<main>',
    '<h2>Core checks</h2>',
    checksTable(page.checks, links, true),
    '<h2>Optional declarations</h2>',
    '<p>Recorded, never scored; a missing declaration is not a failure.</p>',
    checksTable(page.declarations, links, false),
    siteFacts(report.site),
    scope(report.scope.origin, page.scopePaths, report.scope.notCovered),
    '<h2>Evidence</h2>',
    ...page.evidence.map((entry) => evidenceEntry(entry, links)),
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

function header(page: ReportPage): string {
  const { report, links, readiness } = page;
  const signature = page.stored.signature;
  const summary: Array<[string, string]> = [
    ['Readiness', verdict(readiness)],
    ['Freshness', freshness(readiness)],
    ['Since the previous report', page.change ? `${escapeHtml(changeSummary(page.change.since))} (${ownLink(page.change.diffUrl, 'compare')}, ${ownLink(page.historyUrl, 'history')})` : `first report of this domain (${ownLink(page.historyUrl, 'history')})`],
    ['Report', escapeHtml(report.id)],
    ['Scanned at', `<time>${escapeHtml(report.scannedAt)}</time>`],
    ['Methodology', ownLink(page.methodologyUrl, `version ${report.methodologyVersion}`)],
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

function verdict(readiness: Readiness): string {
  const reasons = readiness.reasons.length === 0 ? '' : `<ul>${readiness.reasons.map((r) => `<li>${escapeHtml(r)}</li>`).join('')}</ul>`;
  return `<span class="verdict verdict-${escapeHtml(readiness.value)}">${escapeHtml(readiness.value)}</span>${reasons}`;
}

function freshness(readiness: Readiness): string {
  if (readiness.ageSeconds === null) return '<em>not scanned</em>';
  return `${escapeHtml(readiness.freshness ?? '')}, ${escapeHtml(humanAge(readiness.ageSeconds))} old`;
}

/** One line of what changed between two reports: score, readiness, and the checks that moved. */
export function changeSummary(change: ReportChange): string {
  const parts = [`score ${change.scoreDelta >= 0 ? '+' : ''}${change.scoreDelta}`];
  if (change.from.readiness !== change.to.readiness) parts.push(`readiness ${change.from.readiness} to ${change.to.readiness}`);
  parts.push(change.moved.length === 0 ? 'no check moved' : change.moved.map((m) => `${m.title}: ${m.from} to ${m.to}`).join(', '));
  return parts.join('; ');
}

/** An age in the largest whole unit: "3 days", "5 hours", "12 minutes". */
export function humanAge(seconds: number): string {
  const units: Array<[number, string]> = [[86_400, 'day'], [3600, 'hour'], [60, 'minute']];
  for (const [size, name] of units) {
    const n = Math.floor(seconds / size);
    if (n >= 1) return `${n} ${name}${n === 1 ? '' : 's'}`;
  }
  return `${seconds} seconds`;
}

function checksTable(lines: readonly CheckLine[], links: ReportLinks, scored: boolean): string {
  if (lines.length === 0) return '<p>None recorded.</p>';
  const head = ['Status', ...(scored ? ['Points'] : []), 'Title', 'Detail', 'How to fix', 'Evidence'];
  const rows = lines.map(({ check, fix }) => {
    const status = STATUS_LABEL[check.status] ?? 'error';
    const cells = [
      `<span class="status status-${status}">${escapeHtml(status)}</span>`,
      ...(scored ? [`${escapeHtml(check.points)}/${escapeHtml(check.max)}`] : []),
      escapeHtml(check.title),
      escapeHtml(check.detail),
      fix === undefined ? escapeHtml(check.standard) : `<p class="fix">${codeSpans(fix.fix)}</p>${ownLink(fix.standardUrl, check.standard)}`,
      check.evidence.map((n) => evidenceLink(n, links)).join(', '),
    ];
    return `<tr>${cells.map((cell) => `<td>${cell}</td>`).join('')}</tr>`;
  });
  return [
    '<div class="scroll"><table>',
    `<thead><tr>${head.map((h) => `<th scope="col">${escapeHtml(h)}</th>`).join('')}</tr></thead>`,
    `<tbody>\n${rows.join('\n')}\n</tbody>`,
    '</table></div>',
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

function scope(origin: string, paths: readonly string[], notCovered: readonly string[]): string {
  const list = (items: readonly string[]) => `<ul>${items.map((i) => `<li>${escapeHtml(i)}</li>`).join('')}</ul>`;
  return [
    '<section class="scope">',
    '<h2>Scope</h2>',
    `<p>Origin: <code>${escapeHtml(origin)}</code></p>`,
    `<p>Paths fetched:</p>${list(paths)}`,
    `<p>Not covered by this scan:</p>${list(notCovered)}`,
    '</section>',
  ].join('\n');
}

function evidenceEntry(entry: EvidenceEntry, links: ReportLinks): string {
  if (entry.kind === 'item') return evidence(entry.item, links);
  const first = entry.items[0]!;
  return [
    `<section class="evidence" id="evidence-${escapeHtml(first.n)}">`,
    `<h3>Evidence ${entry.items.map((item) => evidenceLink(item.n, links)).join(', ')}: <code>${escapeHtml(entry.code)}</code> × ${escapeHtml(entry.items.length)}</h3>`,
    `<p>${escapeHtml(entry.items.length)} fetches failed the same way; the first said ${untrusted(first.error?.message ?? '')}.</p>`,
    `<ul>${entry.items.map((item) => `<li><code>${escapeHtml(item.probe)}</code> <code>${escapeHtml(item.requestedUrl)}</code></li>`).join('')}</ul>`,
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
  return `<div class="scroll"><table class="meta"><tbody>${rows.map(([k, v]) => `<tr><th scope="row">${escapeHtml(k)}</th><td>${v}</td></tr>`).join('')}</tbody></table></div>`;
}

function evidenceLink(n: number, links: ReportLinks): string {
  const url = links.evidence[n - 1];
  return url === undefined ? escapeHtml(n) : ownLink(url, String(n));
}

// Our own fix texts mark header names and file contents with backticks.
function codeSpans(text: string): string {
  return text.split('`').map((part, i) => (i % 2 === 1 ? `<code>${escapeHtml(part)}</code>` : escapeHtml(part))).join('');
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
