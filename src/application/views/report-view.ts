import { evidenceJson, reportContent } from '../../domain/scan/report-content.js';
import type { EvidenceItem } from '../../domain/scan/report.js';
import type { StoredReport } from '../ports/report-repository.js';
import type { ScanOutcome } from '../scan/scan-outcome.js';
import { reportLinks, type ReportLinks } from './report-links.js';

/** The report as JSON: its signed content, then links and the signature beside it. */
export function reportJson(stored: StoredReport, links: ReportLinks, baseUrl: string): Record<string, unknown> {
  const { signature } = stored;
  return {
    ...reportContent(stored.report),
    links: { html: links.html, json: links.json, markdown: links.markdown, evidence: links.evidence, methodology: `${baseUrl}/methodology.md`, jwks: `${baseUrl}/.well-known/jwks.json` },
    content_sha256: signature.contentSha256,
    signature: { alg: 'EdDSA', crv: 'Ed25519', kid: signature.keyId, value: signature.value, signed: 'sha256 digest of the RFC 8785 serialization of this document without links, content_sha256 and signature' },
  };
}


/** The signed report: its content, the digest and the raw signature (the core of `scanReportJson`). */
export function signedReportJson(stored: StoredReport): Record<string, unknown> {
  return { ...reportContent(stored.report), content_sha256: stored.signature.contentSha256, signature: stored.signature };
}

/**
 * `vetted scan DOMAIN --json`: whether the report was reused and how old it is (0 for a fresh scan)
 * and its page under `baseUrl`, beside the signed report, whose fields stay at the top level.
 * The signature covers the report's content only: drop `reused`, `age_seconds`, `report_url`,
 * `content_sha256` and `signature` to check it.
 */
export function scanReportJson(outcome: ScanOutcome, baseUrl: string): Record<string, unknown> {
  const { report } = outcome.stored;
  return {
    reused: outcome.reused,
    age_seconds: outcome.ageSeconds,
    report_url: reportLinks(baseUrl, report.id, report.evidence.length).html,
    ...signedReportJson(outcome.stored),
  };
}

/** One evidence item of a stored report, with the report it comes from. */
export function evidenceItemJson(stored: StoredReport, item: EvidenceItem, baseUrl: string): Record<string, unknown> {
  const { report } = stored;
  const links = reportLinks(baseUrl, report.id, report.evidence.length);
  return { report_id: report.id, domain: report.domain, scanned_at: report.scannedAt, report_url: links.json, ...evidenceJson(item) };
}
