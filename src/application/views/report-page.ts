import { declarationSetOf } from '../../domain/scan/declaration-sets.js';
import { fixFor, type CheckFix } from '../../domain/scan/fixes.js';
import type { Readiness } from '../../domain/scan/readiness.js';
import type { ReportChange } from '../../domain/scan/report-diff.js';
import { judgedScore, type CheckResult, type EvidenceItem, type Report } from '../../domain/scan/report.js';
import type { StoredReport } from '../ports/report-repository.js';
import { diffUrl, historyUrl } from './report-history-view.js';
import { verdictPageUrl } from './verdict-page-view.js';
import { reportLinks, type ReportLinks } from './report-links.js';
import { splitDetail } from './split-detail.js';

/** A check as the report page shows it: with its repair when it failed or warned. */
export interface CheckLine {
  readonly check: CheckResult;
  /** True for a failed, warned or errored check: one a site owner has something to do about. */
  readonly needsFix: boolean;
  /** The methodology's repair of the check, when it needs one and the methodology knows the check. */
  readonly fix: CheckFix | undefined;
  /** What the scan found: the detail, without its instructions when the check needs fixing. */
  readonly found: string;
  /**
   * What to do, said once: the detail's own instructions when it has some (they answer what was
   * found), else the methodology's repair; undefined when nothing needs fixing or nothing is known.
   */
  readonly toDo: string | undefined;
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
  /** The score, or null when nothing was judged because the site could not be reached. */
  readonly score: number | null;
  /** Why the site could not be reached, when no probe reached it and nothing was judged. */
  readonly unreachable: string | undefined;
  readonly evidence: readonly EvidenceEntry[];
  /** What changed since the previous report of the domain, with the page comparing them; none for a first report. */
  readonly change: { readonly since: ReportChange; readonly diffUrl: string } | undefined;
  readonly historyUrl: string;
  /** The domain's verdict page. */
  readonly verdictUrl: string;
}

const NEEDS_FIX = new Set(['warn', 'fail', 'error']);

/**
 * The one model of a report page. Every link is absolute (under `baseUrl`); a failed or warned
 * check carries what was found and what to do, each said once (see `splitDetail`: the stored
 * detail is not changed, only told in two parts), with the methodology's repair; evidence items that failed to fetch with the same
 * error (every probe when HTTPS is down) are collapsed into one entry.
 */
export function reportPage(stored: StoredReport, readiness: Readiness, baseUrl: string, change?: ReportChange): ReportPage {
  const report = stored.report;
  const line = (check: CheckResult): CheckLine => checkLine(check, report.domain);
  return {
    stored,
    report,
    readiness,
    links: reportLinks(baseUrl, report.id, report.evidence.length),
    methodologyUrl: `${baseUrl}/methodology.md`,
    checks: report.checks.map(line),
    declarations: report.declarations.map(line),
    declarationSet: declarationSetOf(report)?.id ?? null,
    scopePaths: report.scope.paths.map((path) => readablePath(path, report.domain)),
    score: judgedScore(report),
    unreachable: report.unreachable,
    evidence: collapsed(report.evidence),
    change: change && { since: change, diffUrl: diffUrl(baseUrl, change) },
    historyUrl: historyUrl(baseUrl, report.domain),
    verdictUrl: verdictPageUrl(baseUrl, report.domain),
  };
}

// Reports stored before scopes held whole URLs wrote the plain-HTTP probe as `http:/`; they are signed, so it is read here.
function readablePath(path: string, domain: string): string {
  return /^http:\/(?!\/)/.test(path) ? `http://${domain}${path.slice('http:'.length)}` : path;
}

function checkLine(check: CheckResult, domain: string): CheckLine {
  if (!NEEDS_FIX.has(check.status)) return { check, needsFix: false, fix: undefined, found: check.detail, toDo: undefined };
  const fix = fixFor(check.id, domain);
  const { found, instructions } = splitDetail(check.detail);
  return { check, needsFix: true, fix, found, toDo: instructions.length > 0 ? instructions.join(' ') : fix?.fix };
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
