import { z } from 'zod';
import { FRESHNESS_VALUES, READINESS_VALUES, type Readiness } from '../../domain/scan/readiness.js';
import type { ReportSummary } from '../../domain/scan/report.js';
import { reportLinks } from './report-links.js';
import { list } from './schema-kit.js';

/** The readiness object of the scan-based answers (POST /api/scan, GET /verify, MCP). */
export const readinessSchema = z.object({
  value: z.enum(READINESS_VALUES).describe('What an agent may rely on now, from the latest stored report.'),
  reasons: list(z.string()).describe('Why it is not ready, in words (empty when ready).'),
  scanned_at: z.string().nullable().describe('When the report was made; null when never scanned.'),
  age_seconds: z.number().int().nullable().describe('Seconds since that scan.'),
  freshness: z.enum(FRESHNESS_VALUES).nullable().describe('How the age reads against the methodology thresholds.'),
  score: z
    .number()
    .nullable()
    .describe('The core score of the report, 0 to 100; null when never scanned, or when the site could not be reached and nothing was judged.'),
  methodology_version: z.string().nullable().describe('The methodology the report was made under.'),
  scope: z
    .object({
      origin: z.string().describe('The origin scanned, e.g. https://example.com.'),
      paths: list(z.string()).describe('The paths fetched.'),
      not_covered: list(z.string()).describe('What the scan did not look at, in words.'),
    })
    .nullable()
    .describe('What the scan looked at, and what it did not cover.'),
  report_id: z.string().nullable().describe('The report readiness rests on.'),
  evidence_urls: z
    .object({
      report: z.string().describe('The report page.'),
      json: z.string().describe('The signed JSON.'),
      markdown: z.string().describe('The Markdown.'),
      evidence: list(z.string()).describe('evidence[n - 1] is the URL of evidence item n.'),
    })
    .nullable()
    .describe('Links to the report and to each piece of its evidence; null when never scanned.'),
  note: z.string().describe('What readiness does not say.'),
});

export type ReadinessAnswer = z.infer<typeof readinessSchema>;

export function readinessJson(readiness: Readiness, report: ReportSummary | undefined, baseUrl: string): ReadinessAnswer {
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
