import type { Readiness } from '../../domain/scan/readiness.js';
import type { ReportSummary } from '../../domain/scan/report.js';
import { reportLinks } from './report-links.js';

/** The readiness object of the scan-based answers (POST /api/scan, GET /verify, MCP). */
export function readinessJson(readiness: Readiness, report: ReportSummary | undefined, baseUrl: string): Record<string, unknown> {
  const links = report ? reportLinks(baseUrl, report.id, report.evidenceCount) : undefined;
  return {
    value: readiness.value,
    reasons: readiness.reasons,
    scanned_at: readiness.scannedAt,
    age_seconds: readiness.ageSeconds,
    freshness: readiness.freshness,
    score: readiness.score,
    methodology_version: readiness.methodologyVersion,
    scope: report ? { origin: report.scope.origin, paths: report.scope.paths, not_covered: report.scope.notCovered } : null,
    report_id: readiness.reportId,
    evidence_urls: links ? { report: links.html, json: links.json, markdown: links.markdown, evidence: links.evidence } : null,
    note: 'Readiness describes what was observed at scan time; it does not prove task completion, business quality or future availability.',
  };
}
