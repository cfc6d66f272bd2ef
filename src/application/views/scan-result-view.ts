import type { ScanOutcome } from '../scan/request-scan.js';
import { readinessJson } from './readiness-view.js';
import { reportLinks } from './report-links.js';

/**
 * The answer to a scan request, with the report's links and readiness: MCP `scan_domain` answers
 * it as is; `reused` and `age_seconds` say whether a recent report was returned instead of a fetch.
 */
export function scanResultJson(outcome: ScanOutcome, baseUrl: string): Record<string, unknown> {
  const report = outcome.stored.report;
  const links = reportLinks(baseUrl, report.id, report.evidence.length);
  return {
    report_id: report.id,
    domain: report.domain,
    links: { html: links.html, json: links.json, markdown: links.markdown, evidence: links.evidence },
    score: report.score,
    readiness: readinessJson(outcome.readiness, outcome.summary, baseUrl),
    methodology_version: report.methodologyVersion,
    scanned_at: report.scannedAt,
    reused: outcome.reused,
    age_seconds: outcome.ageSeconds,
  };
}

/** The contract's answer to `POST /api/scan` (201): the same facts, with the links as flat fields. */
export function scanCreatedJson(outcome: ScanOutcome, baseUrl: string): Record<string, unknown> {
  const report = outcome.stored.report;
  const links = reportLinks(baseUrl, report.id, report.evidence.length);
  return {
    report_id: report.id,
    report_url: links.html,
    json_url: links.json,
    markdown_url: links.markdown,
    domain: report.domain,
    score: report.score,
    readiness: readinessJson(outcome.readiness, outcome.summary, baseUrl),
    methodology_version: report.methodologyVersion,
    scanned_at: report.scannedAt,
  };
}
