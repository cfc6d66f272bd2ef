import type { ReportPage } from '../../../application/views/report-page.js';
import type { Readiness } from '../../../domain/scan/readiness.js';
import type { SiteFacts } from '../../../domain/scan/report.js';
import { escapeHtml } from './escape-html.js';
import { renderPage } from './page-layout.js';
import { scanAgainForm } from './verdict-page.js';
import { nothingToFixDetails, toFixSection, type CheckGroup } from './report-checks-html.js';
import { evidenceEntry, metaTable, ownLink, UNTRUSTED_LABEL, untrusted } from './report-evidence-html.js';
import { changeSummary, declarationsNote, errorHeading, humanAge, scoreWords, unreachableNote } from './report-text.js';

/** The Content-Security-Policy a report page (or the not-found page) is sent with: no script, forms only to this origin ("Scan again"). */
export const REPORT_PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

/**
 * The report page (see ReportPage) as complete, script-free HTML, to be sent with
 * `REPORT_PAGE_CSP`, in the order a person acts on it: the verdict (readiness, freshness, score),
 * then each failed or warned check with what was found and how to fix it; checks with nothing to
 * fix, the report's own facts, the scope and every piece of evidence fold behind closed
 * `<details>`, so a phone shows what matters on its first screens. Every interpolated value is
 * escaped; only Vetted's own absolute URLs and the standards' pages are links. Site URLs (final
 * URLs, redirects, certificate names) are shown as text, never as hrefs.
 */
export function renderReportHtml(page: ReportPage): string {
  const { report, links } = page;
  const core: CheckGroup = { title: 'Core checks', className: 'core-checks', lines: page.checks, links, scored: true };
  const declarations: CheckGroup = { title: 'Optional declarations', className: 'declarations', lines: page.declarations, links, scored: false };
  const note = `<p>${escapeHtml(declarationsNote(page.declarations.length, page.declarationSet, report.methodologyVersion))}</p>`;
  // The note goes where the declarations show first: above those to fix, else inside the fold.
  const declarationsToFix = page.declarations.some((line) => line.needsFix);
  // A site that could not be reached was not judged: one line says why, instead of checks to fix.
  const judged =
    page.unreachable !== undefined
      ? [`<section class="not-judged">\n<h2>Not judged</h2>\n<p>${escapeHtml(unreachableNote(page.unreachable))}</p>\n</section>`]
      : [
          toFixSection(core),
          toFixSection(declarations, declarationsToFix ? note : ''),
          nothingToFix([nothingToFixDetails(core), nothingToFixDetails(declarations, declarationsToFix ? '' : note)]),
        ];
  const bodyHtml = [
    '<main>',
    header(page),
    ...judged,
    siteFacts(report.site),
    aboutReport(page),
    scope(report.scope.origin, page.scopePaths, report.scope.notCovered),
    '<section class="evidence-list">',
    `<h2>Evidence: ${escapeHtml(report.evidence.length)} ${report.evidence.length === 1 ? 'fetch' : 'fetches'}</h2>`,
    ...page.evidence.map((entry) => evidenceEntry(entry, links)),
    '</section>',
    '</main>',
  ]
    .filter((part) => part !== '')
    .join('\n');
  return renderPage({ title: `Vetted report: ${report.domain}`, bodyHtml, wide: true, noindex: true });
}

function nothingToFix(folds: readonly string[]): string {
  const present = folds.filter((fold) => fold !== '');
  return present.length === 0 ? '' : ['<section class="nothing-to-fix">', '<h2>Nothing to fix</h2>', ...present, '</section>'].join('\n');
}

/** A small page saying what was not found; `message` is escaped. */
export function renderNotFoundHtml(message: string, status = 404): string {
  const heading = errorHeading(status);
  const bodyHtml = `<main>\n<h1>${escapeHtml(heading)}</h1>\n<p>${escapeHtml(message)}</p>\n</main>`;
  return renderPage({ title: `${heading} - Vetted`, bodyHtml, noindex: true });
}

function header(page: ReportPage): string {
  const { report, links, readiness } = page;
  const summary: Array<[string, string]> = [
    ['Readiness', verdict(readiness)],
    ['Freshness', freshness(readiness)],
    ['Score', escapeHtml(scoreWords(page.score))],
    ['Scanned at', `<time>${escapeHtml(report.scannedAt)}</time>`],
    [
      'Since the previous report',
      page.change
        ? `${escapeHtml(changeSummary(page.change.since))} (${ownLink(page.change.diffUrl, 'compare')}, ${ownLink(page.historyUrl, 'history')})`
        : `first report of this domain (${ownLink(page.historyUrl, 'history')})`,
    ],
  ];
  return [
    '<div class="report-head">',
    `<h1>Vetted report: ${escapeHtml(report.domain)}</h1>`,
    `<dl class="summary">${summary.map(([k, v]) => `<dt>${escapeHtml(k)}</dt><dd>${v}</dd>`).join('')}</dl>`,
    `<nav><p>Also as ${ownLink(links.json, 'JSON')} and ${ownLink(links.markdown, 'Markdown')}; the domain's ${ownLink(page.verdictUrl, 'verdict page')}</p></nav>`,
    // A fresh scan through the scan form's use case: admission applies, and a spent budget answers a page saying how long to wait.
    scanAgainForm(report.domain),
    '</div>',
  ].join('\n');
}

function verdict(readiness: Readiness): string {
  const reasons = readiness.reasons.length === 0 ? '' : `<ul>${readiness.reasons.map((r) => `<li>${escapeHtml(r)}</li>`).join('')}</ul>`;
  return `<span class="readiness readiness-${escapeHtml(readiness.value)}">${escapeHtml(readiness.value)}</span>${reasons}`;
}

function freshness(readiness: Readiness): string {
  if (readiness.ageSeconds === null) return '<em>not scanned</em>';
  return `${escapeHtml(readiness.freshness ?? '')}, ${escapeHtml(humanAge(readiness.ageSeconds))} old`;
}

// What identifies and proves the report: needed to cite or verify it, not to act on it.
function aboutReport(page: ReportPage): string {
  const { report, links } = page;
  const signature = page.stored.signature;
  const facts: Array<[string, string]> = [
    ['Report', escapeHtml(report.id)],
    ['Permanent link', ownLink(links.html, links.html)],
    ['Methodology', ownLink(page.methodologyUrl, `version ${report.methodologyVersion}`)],
    ['Reachable', yesNo(report.reachable)],
    ['HTTPS valid', yesNo(report.httpsValid)],
    ['Content SHA-256', `<code>${escapeHtml(signature.contentSha256)}</code>`],
    ['Signing key', `<code>${escapeHtml(signature.keyId)}</code>`],
  ];
  return [
    '<section class="about">',
    '<h2>This report</h2>',
    `<details><summary>Methodology ${escapeHtml(report.methodologyVersion)}, signature and permanent link</summary>`,
    metaTable(facts),
    '</details>',
    '</section>',
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
    `<details><summary>The ${escapeHtml(paths.length)} paths fetched, and what this scan does not cover</summary>`,
    `<p>Paths fetched:</p>${list(paths)}`,
    `<p>Not covered by this scan:</p>${list(notCovered)}`,
    '</details>',
    '</section>',
  ].join('\n');
}

function yesNo(flag: boolean): string {
  return flag ? 'yes' : 'no';
}
