import { METHODOLOGY_VERSION } from './methodology.js';
import type { Report } from './report.js';

/** The readiness values, weakest first. */
export const READINESS_VALUES = ['unknown', 'limited', 'ready'] as const;
export type ReadinessValue = (typeof READINESS_VALUES)[number];
/** How a report's age reads against the methodology's thresholds. */
export const FRESHNESS_VALUES = ['fresh', 'stale', 'expired'] as const;
export type Freshness = (typeof FRESHNESS_VALUES)[number];

/** The one table of readiness thresholds; /methodology.md prints it. */
export const READINESS_THRESHOLDS = {
  /** Core score a report needs for `ready`. */
  readyScore: 70,
  /** A report younger than this is fresh. */
  freshSeconds: 7 * 86_400,
  /** A report at least freshSeconds old and younger than this is stale; from here on it is expired. */
  staleSeconds: 30 * 86_400,
} as const;

/** The scan-based answer to "can an agent rely on this site now?", from the latest stored report. */
export interface Readiness {
  readonly value: ReadinessValue;
  /** Why it is not ready (empty when ready). Written by Vetted. */
  readonly reasons: readonly string[];
  readonly reportId: string | null;
  readonly scannedAt: string | null;
  readonly ageSeconds: number | null;
  readonly freshness: Freshness | null;
  readonly score: number | null;
  readonly methodologyVersion: string | null;
}

/** What readiness needs of a report: the summary the read path keeps, or a whole Report. */
export type ReadinessInput = Pick<Report, 'id' | 'scannedAt' | 'score' | 'reachable' | 'httpsValid' | 'methodologyVersion' | 'unreachable'>;

/** fresh below freshSeconds, stale below staleSeconds, expired from there on (boundaries belong to the older class). */
export function freshnessOf(ageSeconds: number): Freshness {
  if (ageSeconds < READINESS_THRESHOLDS.freshSeconds) return 'fresh';
  if (ageSeconds < READINESS_THRESHOLDS.staleSeconds) return 'stale';
  return 'expired';
}

/**
 * Readiness from the latest report (or none): unknown without a report, when the site could not
 * be reached (with no score when no probe reached it, naming why), or when the report is expired; ready when the core score reaches the threshold,
 * HTTPS with a valid certificate held, the report is fresh and was made under the current
 * methodology; limited otherwise. It says nothing about task completion, business quality or
 * future availability.
 */
export function judgeReadiness(report: ReadinessInput | undefined, now: Date, currentVersion = METHODOLOGY_VERSION): Readiness {
  if (!report) {
    return {
      value: 'unknown',
      reasons: ['never scanned'],
      reportId: null,
      scannedAt: null,
      ageSeconds: null,
      freshness: null,
      score: null,
      methodologyVersion: null,
    };
  }
  const ageSeconds = Math.max(0, Math.floor((now.getTime() - Date.parse(report.scannedAt)) / 1000));
  const freshness = freshnessOf(ageSeconds);
  const base = { reportId: report.id, scannedAt: report.scannedAt, ageSeconds, freshness, score: report.score, methodologyVersion: report.methodologyVersion };
  if (report.unreachable !== undefined) return { ...base, score: null, value: 'unknown', reasons: [`the site could not be reached: ${report.unreachable}`] };
  if (!report.reachable) return { ...base, value: 'unknown', reasons: ['the site could not be reached'] };
  if (freshness === 'expired') return { ...base, value: 'unknown', reasons: ['the latest report is expired'] };
  const reasons: string[] = [];
  if (report.score < READINESS_THRESHOLDS.readyScore) reasons.push(`core score ${report.score} is below ${READINESS_THRESHOLDS.readyScore}`);
  if (!report.httpsValid) reasons.push('HTTPS with a valid certificate did not hold');
  if (freshness !== 'fresh') reasons.push('the latest report is stale');
  if (report.methodologyVersion !== currentVersion)
    reasons.push(`judged under methodology ${report.methodologyVersion}, not the current ${currentVersion}: a rescan gives the current view`);
  return { ...base, value: reasons.length === 0 ? 'ready' : 'limited', reasons };
}
