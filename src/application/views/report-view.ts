import { reportContent } from '../../domain/scan/report-content.js';
import type { StoredReport } from '../ports/report-repository.js';
import type { ReportLinks } from './report-links.js';

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

