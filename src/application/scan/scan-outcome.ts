import { judgeReadiness, type Readiness } from '../../domain/scan/readiness.js';
import { summarizeReport, type ReportSummary } from '../../domain/scan/report.js';
import type { StoredReport } from '../ports/report-repository.js';

/** A finished scan request: the report, whether it was reused, and its readiness judged now. */
export interface ScanOutcome {
  readonly stored: StoredReport;
  /** True when a stored report was returned instead of a new fetch. */
  readonly reused: boolean;
  readonly ageSeconds: number;
  readonly readiness: Readiness;
  readonly summary: ReportSummary;
}

/** Builds the outcome of a scan request for a stored report at `now`. */
export function scanOutcome(stored: StoredReport, reused: boolean, ageSeconds: number, now: Date): ScanOutcome {
  const summary = summarizeReport(stored.report);
  return { stored, reused, ageSeconds, summary, readiness: judgeReadiness(summary, now) };
}
