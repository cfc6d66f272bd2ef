import { declarationSetOf } from '../../domain/scan/declaration-sets.js';
import { fixFor, type CheckFix } from '../../domain/scan/fixes.js';
import type { Readiness } from '../../domain/scan/readiness.js';
import type { ReportChange } from '../../domain/scan/report-diff.js';
import type { CheckResult, EvidenceItem, Report } from '../../domain/scan/report.js';
import type { StoredReport } from '../ports/report-repository.js';
import { diffUrl, historyUrl } from './report-history-view.js';
import { reportLinks, type ReportLinks } from './report-links.js';

/** A check as the report page shows it: with its repair when it failed or warned. */
export interface CheckLine {
  readonly check: CheckResult;
  readonly fix: CheckFix | undefined;
}

/** One evidence item, or several that failed the same way, shown once with their count. */
export type EvidenceEntry =
  | { readonly kind: 'item'; readonly item: EvidenceItem }
  | { readonly kind: 'repeated'; readonly code: string; readonly items: readonly EvidenceItem[] };

/** What the HTML and Markdown report pages show, in the order they show it. */
export interface ReportPage {
  readonly stored: StoredReport;
  readonly report: Report;
  /** What the report supports now; its freshness moves with time. */
  readonly readiness: Readiness;
  readonly links: ReportLinks;
  readonly methodologyUrl: string;
  readonly checks: readonly CheckLine[];
  readonly declarations: readonly CheckLine[];
  /** The declaration set the report looked for (stored, or told from its list); null for a list no set has. */
  readonly declarationSet: string | null;
  /** The scope's paths as people read them: `/robots.txt`, and the plain-HTTP probe as `http://{domain}/`. */
  readonly scopePaths: readonly string[];
  readonly evidence: readonly EvidenceEntry[];
  /** What changed since the previous report of the domain, with the page comparing them; none for a first report. */
  readonly change: { readonly since: ReportChange; readonly diffUrl: string } | undefined;
  readonly historyUrl: string;
}

const NEEDS_FIX = new Set(['warn', 'fail', 'error']);

/**
 * The one model of a report page. Every link is absolute (under `baseUrl`); a failed or warned
 * check carries what to publish to repair it; evidence items that failed to fetch with the same
 * error (every probe when HTTPS is down) are collapsed into one entry.
 */
export function reportPage(stored: StoredReport, readiness: Readiness, baseUrl: string, change?: ReportChange): ReportPage {
  const report = stored.report;
  const line = (check: CheckResult): CheckLine => ({ check, fix: NEEDS_FIX.has(check.status) ? fixFor(check.id, report.domain) : undefined });
  return {
    stored,
    report,
    readiness,
    links: reportLinks(baseUrl, report.id, report.evidence.length),
    methodologyUrl: `${baseUrl}/methodology.md`,
    checks: report.checks.map(line),
    declarations: report.declarations.map(line),
    declarationSet: declarationSetOf(report)?.id ?? null,
    scopePaths: report.scope.paths.map((path) => (path.startsWith('http:') ? `http://${report.domain}${path.slice('http:'.length)}` : path)),
    evidence: collapsed(report.evidence),
    change: change && { since: change, diffUrl: diffUrl(baseUrl, change) },
    historyUrl: historyUrl(baseUrl, report.domain),
  };
}

function collapsed(items: readonly EvidenceItem[]): EvidenceEntry[] {
  const failedByCode = new Map<string, EvidenceItem[]>();
  for (const item of items) {
    if (item.error !== null && item.status === null) failedByCode.set(item.error.code, [...(failedByCode.get(item.error.code) ?? []), item]);
  }
  const entries: EvidenceEntry[] = [];
  for (const item of items) {
    const same = item.error !== null && item.status === null ? failedByCode.get(item.error.code)! : [item];
    if (same.length < 2) entries.push({ kind: 'item', item });
    else if (same[0] === item) entries.push({ kind: 'repeated', code: item.error!.code, items: same });
  }
  return entries;
}
