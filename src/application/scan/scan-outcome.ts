import { judgeReadiness, type Readiness } from '../../domain/scan/readiness.js';
import { judgedScore, summarizeReport, type ReportSummary } from '../../domain/scan/report.js';
import type { StoredReport } from '../ports/report-repository.js';

/** A finished scan request: the report, whether it was reused, and its readiness judged now. */
export interface ScanOutcome {
  readonly stored: StoredReport;
  /** True when a stored report was returned instead of a new fetch. */
  readonly reused: boolean;
  readonly ageSeconds: number;
  readonly readiness: Readiness;
  readonly summary: ReportSummary;
  /** The core score, or null when the site could not be reached and nothing was judged (`summary.unreachable` says why). */
  readonly score: number | null;
}

/** Builds the outcome of a scan request for a stored report at `now`. */
export function scanOutcome(stored: StoredReport, reused: boolean, ageSeconds: number, now: Date): ScanOutcome {
  const summary = summarizeReport(stored.report);
  return { stored, reused, ageSeconds, summary, score: judgedScore(stored.report), readiness: judgeReadiness(summary, now) };
}
