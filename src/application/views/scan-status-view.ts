import { z } from 'zod';
import { SCAN_JOB_STATES } from '../../domain/scan/scan-job.js';
import type { ScanStatus } from '../scan/await-scan.js';
import { scanResultJson, scanResultSchema } from './scan-result-view.js';
import { list } from './schema-kit.js';

/** GET /api/scans/{id} and the 202 of POST /api/scan: a scan job as it goes. */
export const scanStatusSchema = z.object({
  scan_id: z.string(),
  domain: z.string(),
  state: z.enum(SCAN_JOB_STATES),
  status_url: z.string().describe('This answer: poll it.'),
  progress_url: z.string().describe('The page a browser watches.'),
  probes_done: list(z.object({ probe: z.string(), outcome: z.string(), duration_ms: z.number() })).describe('The probes finished so far.'),
  created_at: z.string(),
  updated_at: z.string(),
  report: scanResultSchema.nullable().describe('Once done: the scan result, as POST /api/scan answers it.'),
  error: z.object({ code: z.string().nullable(), message: z.string().nullable() }).nullable().describe('Once failed: why.'),
});

/** The API path of a scan job's status, and the page a browser watches. */
export function scanStatusLinks(baseUrl: string, scanId: string): { readonly status: string; readonly progress: string } {
  const id = encodeURIComponent(scanId);
  return { status: `${baseUrl}/api/scans/${id}`, progress: `${baseUrl}/scans/${id}` };
}

/** The job's state, the probes finished so far, then the scan result or the error. */
/** A scan job as GET /api/scan/{id} answers it. */
export type ScanStatusAnswer = z.infer<typeof scanStatusSchema>;

export function scanStatusJson({ job, outcome }: ScanStatus, baseUrl: string): ScanStatusAnswer {
  const links = scanStatusLinks(baseUrl, job.id);
  return {
    scan_id: job.id,
    domain: job.domain,
    state: job.state,
    status_url: links.status,
    progress_url: links.progress,
    probes_done: job.probes.map((p) => ({ probe: p.probe, outcome: p.outcome, duration_ms: p.ms })),
    created_at: job.createdAt,
    updated_at: job.updatedAt,
    report: outcome ? scanResultJson(outcome, baseUrl) : null,
    error: job.state === 'failed' ? { code: job.errorCode, message: job.errorMessage } : null,
  };
}
