import { diffUrl, historyUrl } from '../../../application/views/report-history-view.js';
import { reportLinks } from '../../../application/views/report-links.js';
import type { HistoryPage } from '../../../application/scan/report-history.js';
import type { ReportChange } from '../../../domain/scan/report-diff.js';
import { escapeHtml } from './escape-html.js';
import { renderPage } from './page-layout.js';
import { changeSummary, statusWords } from './report-text.js';
import { escapeMarkdownInline } from './report-markdown.js';

/** The history of a domain as an HTML page: newest first, each report with what changed since the one before. */
export function renderHistoryHtml(page: HistoryPage, baseUrl: string): string {
  const rows = page.entries.map(({ report, change }) => {
    const link = reportLinks(baseUrl, report.id, 0).html;
    return `<tr><td><a href="${escapeHtml(link)}"><time>${escapeHtml(report.scannedAt)}</time></a></td><td>${escapeHtml(report.score)}/100</td><td>${change ? changeCell(change, baseUrl) : 'first report'}</td></tr>`;
  });
  const next = page.next === undefined ? '' : `<p><a href="${escapeHtml(historyUrl(baseUrl, page.domain, page.next))}">Older reports</a></p>`;
  const body =
    page.entries.length === 0
      ? `<p>${escapeHtml(page.domain)} has never been scanned.</p>`
      : `<div class="scroll"><table><thead><tr><th scope="col">Scanned at</th><th scope="col">Score</th><th scope="col">Change since the previous report</th></tr></thead>\n<tbody>\n${rows.join('\n')}\n</tbody></table></div>`;
  return renderPage({
    title: `Report history: ${page.domain}`,
    wide: true,
    noindex: true,
    bodyHtml: `<main>\n<h1>Report history: ${escapeHtml(page.domain)}</h1>\n${body}\n${next}\n<p><a href="/domains/${escapeHtml(encodeURIComponent(page.domain))}">The verdict page of ${escapeHtml(page.domain)}</a></p>\n</main>`,
  });
}

/** Two reports of one domain compared, as an HTML page. */
export function renderDiffHtml(change: ReportChange, baseUrl: string): string {
  const side = (s: ReportChange['from']) =>
    `<a href="${escapeHtml(reportLinks(baseUrl, s.id, 0).html)}">${escapeHtml(s.id)}</a> (<time>${escapeHtml(s.scannedAt)}</time>): score ${escapeHtml(s.score)}, ${escapeHtml(s.readiness)}`;
  const rows = change.moved.map(
    (m) => `<tr><td>${escapeHtml(m.title)}</td><td>${escapeHtml(statusWords(m.from))}</td><td>${escapeHtml(statusWords(m.to))}</td></tr>`,
  );
  const table =
    rows.length === 0
      ? '<p>No check changed status.</p>'
      : `<div class="scroll"><table><thead><tr><th scope="col">Check</th><th scope="col">Before</th><th scope="col">After</th></tr></thead>\n<tbody>\n${rows.join('\n')}\n</tbody></table></div>`;
  return renderPage({
    title: `Report comparison: ${change.from.id} and ${change.to.id}`,
    wide: true,
    noindex: true,
    bodyHtml: `<main>\n<h1>What changed</h1>\n<ul><li>Before: ${side(change.from)}</li><li>After: ${side(change.to)}</li><li>Score: ${delta(change.scoreDelta)}</li></ul>\n${table}\n</main>`,
  });
}

/** The history of a domain as Markdown. */
export function renderHistoryMarkdown(page: HistoryPage, baseUrl: string): string {
  const lines = page.entries.map(({ report, change }) => {
    const link = reportLinks(baseUrl, report.id, 0).markdown;
    return `- <${link}> ${escapeMarkdownInline(report.scannedAt)}: score ${report.score}/100; ${change ? changeSummary(change) : 'first report'}`;
  });
  return [
    `# Report history: ${escapeMarkdownInline(page.domain)}`,
    '',
    ...(lines.length === 0 ? [`${escapeMarkdownInline(page.domain)} has never been scanned.`] : lines),
    ...(page.next === undefined ? [] : ['', `Older reports: <${historyUrl(baseUrl, page.domain, page.next)}>`]),
    '',
  ].join('\n');
}

/** Two reports compared, as Markdown. */
export function renderDiffMarkdown(change: ReportChange, baseUrl: string): string {
  const side = (label: string, s: ReportChange['from']) =>
    `- ${label}: <${reportLinks(baseUrl, s.id, 0).markdown}> ${escapeMarkdownInline(s.scannedAt)}, score ${s.score}, ${s.readiness}`;
  return [
    '# What changed',
    '',
    side('Before', change.from),
    side('After', change.to),
    `- Score: ${change.scoreDelta >= 0 ? '+' : ''}${change.scoreDelta}`,
    '',
    ...(change.moved.length === 0
      ? ['No check changed status.']
      : [
          '| Check | Before | After |',
          '| --- | --- | --- |',
          ...change.moved.map((m) => `| ${escapeMarkdownInline(m.title)} | ${statusWords(m.from)} | ${statusWords(m.to)} |`),
        ]),
    '',
  ].join('\n');
}

function changeCell(change: ReportChange, baseUrl: string): string {
  return `${escapeHtml(changeSummary(change))} (<a href="${escapeHtml(diffUrl(baseUrl, change))}">compare</a>)`;
}

function delta(n: number): string {
  return `<span class="${n > 0 ? 'up' : n < 0 ? 'down' : ''}">${n >= 0 ? '+' : ''}${escapeHtml(n)}</span>`;
}
