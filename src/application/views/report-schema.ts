import { z } from 'zod';
import { CHECK_STATUSES } from '../../domain/scan/report.js';
import { list, UNTRUSTED } from './schema-kit.js';

// The report answers: the signed report document and one evidence item. report-view.ts builds them.

/** One check (or declaration) of a report. */
export const checkSchema = z.object({
  id: z.string(),
  category: z.string(),
  title: z.string(),
  status: z.enum(CHECK_STATUSES),
  points: z.number(),
  max: z.number(),
  detail: z.string().describe("Vetted's words on what was found."),
  standard: z.string().describe('The standard the check holds the site to.'),
  evidence: list(z.number().int()).describe('The numbers of the evidence items it rests on.'),
});

/** One evidence item: what a probe requested and saw; site-chosen values only under `untrusted`. */
const evidenceFields = {
  n: z.number().int().describe('The item number, from 1.'),
  probe: z.string(),
  requested_url: z.string(),
  resolved_ip: z.string().nullable(),
  status: z.number().int().nullable().describe('The HTTP status; null when no answer came.'),
  duration_ms: z.number(),
  body_bytes: z.number().int(),
  body_sha256: z.string().nullable(),
  truncated: z.boolean().describe('True when the body was cut at the cap.'),
  error_code: z.string().nullable(),
  untrusted: z
    .object({
      final_url: z.string().nullable(),
      redirects: list(z.object({ url: z.string(), status: z.number().int(), location: z.string() })),
      headers: z.record(z.string(), z.string()),
      certificate: z
        .object({ subject: z.string(), issuer: z.string(), subject_alt_names: list(z.string()), valid_from: z.string(), valid_to: z.string() })
        .nullable(),
      error_message: z.string().nullable(),
      excerpt: z.string(),
    })
    .describe(UNTRUSTED),
};

/** One evidence item of a report. */
export const evidenceSchema = z.object(evidenceFields);

/** The report's signed content (what the signature covers). */
const reportContentFields = {
  report_id: z.string(),
  domain: z.string(),
  scanned_at: z.string(),
  methodology_version: z.string(),
  scope: z.object({ origin: z.string(), paths: list(z.string()), not_covered: list(z.string()) }),
  score: z
    .number()
    .nullable()
    .describe(
      'The core score, 0 to 100; null when the site could not be reached and nothing was judged (reachable false, one check `site_reachable` saying why).',
    ),
  max_score: z.number(),
  reachable: z.boolean(),
  https_valid: z.boolean(),
  checks: list(checkSchema).describe('The core checks of the methodology.'),
  declarations: list(checkSchema).describe('Optional declarations, apart from the core score.'),
  declaration_set: z.string().optional().describe('The declaration set the scan looked for (see /methodology.md); reports made before 2026-11-25 lack it.'),
  untrusted_site: z
    .object({ title: z.string().nullable(), description: z.string().nullable(), language: z.string().nullable(), organization_name: z.string().nullable() })
    .describe(UNTRUSTED),
  evidence: list(evidenceSchema),
};

/** GET /reports/{id}.json and MCP get_report: the signed content, then links and the signature beside it. */
export const reportSchema = z.object({
  ...reportContentFields,
  links: z.object({
    html: z.string(),
    json: z.string(),
    markdown: z.string(),
    evidence: list(z.string()).describe('evidence[n - 1] is the URL of evidence item n.'),
    methodology: z.string(),
    jwks: z.string(),
  }),
  content_sha256: z.string().describe('SHA-256 of the RFC 8785 serialization of the document without links, content_sha256 and signature.'),
  signature: z.object({ alg: z.literal('EdDSA'), crv: z.literal('Ed25519'), kid: z.string(), value: z.string(), signed: z.string() }),
});

/** GET /reports/{id}/evidence/{n}: one evidence item with the report it comes from. */
export const evidenceItemSchema = z.object({
  report_id: z.string(),
  domain: z.string(),
  scanned_at: z.string(),
  report_url: z.string().describe('The signed JSON report.'),
  ...evidenceFields,
});
