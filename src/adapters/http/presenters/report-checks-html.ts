import type { ReportLinks } from '../../../application/views/report-links.js';
import type { CheckLine } from '../../../application/views/report-page.js';
import type { CheckStatus } from '../../../domain/scan/report.js';
import { codeSpansHtml } from './code-spans.js';
import { escapeHtml } from './escape-html.js';
import { evidenceLink, ownLink } from './report-evidence-html.js';

const STATUS_LABEL: Readonly<Record<CheckStatus, string>> = { pass: 'pass', warn: 'warn', fail: 'fail', info: 'info', error: 'error' };
// The worst first: a person reads what failed before what only warned.
const URGENCY: Readonly<Record<string, number>> = { fail: 0, error: 1, warn: 2 };

/**
 * The checks of one group (the core checks or the declarations) that a site owner has to fix,
 * worst first, each with what was found and what to do, said once; empty when there are none.
 * `note` is escaped HTML put under the heading.
 */
export function toFixSection(group: CheckGroup, note = ''): string {
  const toFix = group.lines.filter((line) => line.needsFix).sort((a, b) => (URGENCY[a.check.status] ?? 3) - (URGENCY[b.check.status] ?? 3));
  if (toFix.length === 0) return '';
  return [
    `<section class="${escapeHtml(group.className)}">`,
    `<h2>${escapeHtml(`${group.title}: ${toFix.length} to fix`)}</h2>`,
    note,
    checksTable(toFix, group, true),
    '</section>',
  ]
    .filter((part) => part !== '')
    .join('\n');
}

/** The checks of one group with nothing to fix, folded behind a closed disclosure; a line saying so when the group has none. */
export function nothingToFixDetails(group: CheckGroup, note = ''): string {
  const others = group.lines.filter((line) => !line.needsFix);
  if (group.lines.length === 0) return `<p>${escapeHtml(group.title)}: none recorded.</p>${note}`;
  if (others.length === 0) return '';
  const counts = new Map<string, number>();
  for (const { check } of others) counts.set(check.status, (counts.get(check.status) ?? 0) + 1);
  const byStatus = [...counts].map(([status, n]) => `${n} ${STATUS_LABEL[status as CheckStatus] ?? 'error'}`).join(', ');
  return [`<details><summary>${escapeHtml(`${group.title} (${others.length}): ${byStatus}`)}</summary>`, note, checksTable(others, group, false), '</details>']
    .filter((part) => part !== '')
    .join('\n');
}

/** A group of checks as the page shows it: its title, the class of its tables, and whether it is scored. */
export interface CheckGroup {
  readonly title: string;
  readonly className: string;
  readonly lines: readonly CheckLine[];
  readonly links: ReportLinks;
  readonly scored: boolean;
}

function checksTable(lines: readonly CheckLine[], { className, links, scored }: CheckGroup, fixing: boolean): string {
  const head = ['Status', ...(scored ? ['Points'] : []), 'Check', fixing ? 'What was found' : 'Detail', fixing ? 'How to fix' : 'Standard', 'Evidence'];
  const rows = lines.map((line) => {
    const { check } = line;
    const status = STATUS_LABEL[check.status] ?? 'error';
    const cells: Array<[string, string]> = [
      ['status-cell', `<span class="status status-${status}">${escapeHtml(status)}</span>`],
      ...(scored ? [['points', `${escapeHtml(check.points)}/${escapeHtml(check.max)}`] as [string, string]] : []),
      ['check-title', escapeHtml(check.title)],
      ['found', codeSpansHtml(line.found)],
      fixing && line.toDo !== undefined ? ['fix', howToFix(line)] : ['standard', standard(line)],
      ['refs', check.evidence.map((n) => evidenceLink(n, links)).join(', ')],
    ];
    return `<tr>${cells.map(([name, cell]) => `<td class="${name}">${cell}</td>`).join('')}</tr>`;
  });
  return [
    `<table class="checks ${escapeHtml(className)}">`,
    `<thead><tr>${head.map((h) => `<th scope="col">${escapeHtml(h)}</th>`).join('')}</tr></thead>`,
    `<tbody>\n${rows.join('\n')}\n</tbody>`,
    '</table>',
  ].join('\n');
}

function howToFix(line: CheckLine): string {
  return `<p class="fix-text">${codeSpansHtml(line.toDo ?? '')}</p>${standard(line)}`;
}

function standard(line: CheckLine): string {
  return line.fix === undefined ? escapeHtml(line.check.standard) : ownLink(line.fix.standardUrl, line.check.standard);
}
