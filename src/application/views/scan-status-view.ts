import type { ScanStatus } from '../scan/await-scan.js';
import { scanCreatedJson } from './scan-result-view.js';

/** The API path of a scan job's status, and the page a browser watches. */
export function scanStatusLinks(baseUrl: string, scanId: string): { readonly status: string; readonly progress: string } {
  const id = encodeURIComponent(scanId);
  return { status: `${baseUrl}/api/scans/${id}`, progress: `${baseUrl}/scans/${id}` };
}

/**
 * `GET /api/scans/{id}` and the 202 of an asynchronous `POST /api/scan`: the job's state, the
 * probes finished so far, then the report (the 201 answer's fields) or the error.
 */
export function scanStatusJson({ job, outcome }: ScanStatus, baseUrl: string): Record<string, unknown> {
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
    report: outcome ? scanCreatedJson(outcome, baseUrl) : null,
    error: job.state === 'failed' ? { code: job.errorCode, message: job.errorMessage } : null,
  };
}
