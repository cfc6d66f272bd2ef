import { judgeReadiness, type ReadinessValue } from './readiness.js';
import type { CheckStatus, Report } from './report.js';

/** A report without its evidence: what history and comparisons read. */
export type ReportCore = Omit<Report, 'evidence'>;

/**
 * A check (or declaration) whose status moved between two reports; `not_looked_for` on the side
 * whose report did not look for it (another methodology version, or an older declaration set).
 */
interface CheckMove {
  readonly id: string;
  readonly title: string;
  readonly from: CheckStatus | 'not_looked_for';
  readonly to: CheckStatus | 'not_looked_for';
}

/** One side of a comparison, as it stood when it was scanned. */
interface ReportSide {
  readonly id: string;
  readonly scannedAt: string;
  readonly score: number;
  /** Readiness at scan time (the report then fresh): what it said, not what it says now. */
  readonly readiness: ReadinessValue;
  readonly methodologyVersion: string;
}

/** What changed from an older report of a domain to a newer one. */
export interface ReportChange {
  readonly from: ReportSide;
  readonly to: ReportSide;
  readonly scoreDelta: number;
  readonly moved: readonly CheckMove[];
}

/**
 * Compares two reports of one domain, older first (callers order them by scan time): the score
 * delta, readiness at each scan, and every check and declaration whose status moved, in the newer
 * report's order (those only in the older one last).
 */
export function compareReports(older: ReportCore, newer: ReportCore): ReportChange {
  const before = new Map([...older.checks, ...older.declarations].map((c) => [c.id, c]));
  const after = [...newer.checks, ...newer.declarations];
  const moved: CheckMove[] = [];
  for (const check of after) {
    const was = before.get(check.id);
    if (!was || was.status !== check.status) moved.push({ id: check.id, title: check.title, from: was?.status ?? 'not_looked_for', to: check.status });
  }
  const now = new Set(after.map((c) => c.id));
  for (const [id, was] of before) if (!now.has(id)) moved.push({ id, title: was.title, from: was.status, to: 'not_looked_for' });
  return { from: sideOf(older), to: sideOf(newer), scoreDelta: newer.score - older.score, moved };
}

function sideOf(report: ReportCore): ReportSide {
  const readiness = judgeReadiness(report, new Date(report.scannedAt), report.methodologyVersion).value;
  return { id: report.id, scannedAt: report.scannedAt, score: report.score, readiness, methodologyVersion: report.methodologyVersion };
}
