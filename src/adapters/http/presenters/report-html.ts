import type { ReportLinks } from '../../../application/views/report-links.js';
import type { CheckLine, ReportPage } from '../../../application/views/report-page.js';
import type { Readiness } from '../../../domain/scan/readiness.js';
import type { CheckStatus, SiteFacts } from '../../../domain/scan/report.js';
import { escapeHtml } from './escape-html.js';
import { renderPage } from './page-layout.js';
import { evidenceEntry, evidenceLink, metaTable, ownLink, UNTRUSTED_LABEL, untrusted } from './report-evidence-html.js';
import { changeSummary, declarationsNote, errorHeading, humanAge } from './report-text.js';

/** The Content-Security-Policy a report page (or the not-found page) is sent with. */
export const REPORT_PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

const STATUS_LABEL: Readonly<Record<CheckStatus, string>> = { pass: 'pass', warn: 'warn', fail: 'fail', info: 'info', error: 'error' };

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
    `<p>${escapeHtml(declarationsNote(page.declarations.length, page.declarationSet, report.methodologyVersion))}</p>`,
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

// Our own fix texts mark header names and file contents with backticks.
function codeSpans(text: string): string {
  return text.split('`').map((part, i) => (i % 2 === 1 ? `<code>${escapeHtml(part)}</code>` : escapeHtml(part))).join('');
}

function yesNo(flag: boolean): string {
  return flag ? 'yes' : 'no';
}
