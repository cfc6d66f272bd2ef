import { z } from 'zod';
import type { ScanOutcome } from '../scan/scan-outcome.js';
import { readinessJson, readinessSchema } from './readiness-view.js';
import { reportLinks } from './report-links.js';
import { list } from './schema-kit.js';

/** The answer to a scan request: POST /api/scan (201), MCP scan_domain, `vetted scan --json`, and a finished job's `report`. */
export const scanResultSchema = z.object({
  reused: z
    .boolean()
    .describe(
      'True when a methodology-matched report from the last ten minutes was returned instead of scanning (never for POST /api/scan, which always scans).',
    ),
  age_seconds: z.number().int().min(0).describe('How old the report is: 0 for a fresh scan.'),
  report_url: z.string().describe('The report page (HTML).'),
  report_id: z.string(),
  domain: z.string(),
  scanned_at: z.string(),
  methodology_version: z.string(),
  score: z.number().nullable().describe('The core score, 0 to 100; null when the site could not be reached and nothing was judged.'),
  readiness: readinessSchema,
  json_url: z.string().describe('The signed report as JSON.'),
  markdown_url: z.string().describe('The report as Markdown.'),
  links: z
    .object({ html: z.string(), json: z.string(), markdown: z.string(), evidence: list(z.string()).describe('evidence[n - 1] is the URL of evidence item n.') })
    .describe('The same links, with each evidence item.'),
  content_sha256: z.string().describe('The digest the report signature covers (see the signed JSON).'),
});

export type ScanResult = z.infer<typeof scanResultSchema>;

/**
 * The one answer of a finished scan request, whoever asked: the report's facts, links and
 * readiness; `reused` and `age_seconds` say whether a recent report was returned instead of a fetch.
 */
export function scanResultJson(outcome: ScanOutcome, baseUrl: string): ScanResult {
  const report = outcome.stored.report;
  const links = reportLinks(baseUrl, report.id, report.evidence.length);
  return {
    reused: outcome.reused,
    age_seconds: outcome.ageSeconds,
    report_url: links.html,
    report_id: report.id,
    domain: report.domain,
    scanned_at: report.scannedAt,
    methodology_version: report.methodologyVersion,
    score: outcome.score,
    readiness: readinessJson(outcome.readiness, outcome.summary, baseUrl),
    json_url: links.json,
    markdown_url: links.markdown,
    links: { html: links.html, json: links.json, markdown: links.markdown, evidence: links.evidence },
    content_sha256: outcome.stored.signature.contentSha256,
  };
}
