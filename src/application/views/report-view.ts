import type { z } from 'zod';
import { evidenceJson, reportContent } from '../../domain/scan/report-content.js';
import type { EvidenceItem } from '../../domain/scan/report.js';
import type { StoredReport } from '../ports/report-repository.js';
import { reportLinks, type ReportLinks } from './report-links.js';
import type { evidenceItemSchema, reportSchema } from './report-schema.js';

export { evidenceItemSchema, reportSchema } from './report-schema.js';

/** The report as JSON: its signed content, then links and the signature beside it. */
export function reportJson(stored: StoredReport, links: ReportLinks, baseUrl: string): z.infer<typeof reportSchema> {
  const { signature } = stored;
  return {
    ...reportContent(stored.report),
    links: {
      html: links.html,
      json: links.json,
      markdown: links.markdown,
      evidence: links.evidence,
      methodology: `${baseUrl}/methodology.md`,
      jwks: `${baseUrl}/.well-known/jwks.json`,
    },
    content_sha256: signature.contentSha256,
    signature: {
      alg: 'EdDSA',
      crv: 'Ed25519',
      kid: signature.keyId,
      value: signature.value,
      signed: 'sha256 digest of the RFC 8785 serialization of this document without links, content_sha256 and signature',
    },
  };
}

/** One evidence item of a stored report, with the report it comes from. */
export function evidenceItemJson(stored: StoredReport, item: EvidenceItem, baseUrl: string): z.infer<typeof evidenceItemSchema> {
  const { report } = stored;
  const links = reportLinks(baseUrl, report.id, report.evidence.length);
  return { report_id: report.id, domain: report.domain, scanned_at: report.scannedAt, report_url: links.json, ...evidenceJson(item) };
}
