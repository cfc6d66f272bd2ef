import { inject, injectable } from 'inversify';
import { AppError } from '../errors.js';
import { AwaitScan, scanFailure, type ScanStatus } from './await-scan.js';
import { judgeScanGate, type GateVerdict, type ScanGate } from './scan-gate.js';
import type { ScanOutcome } from './scan-outcome.js';
import { SCAN_DEADLINE_MS } from './scan-site.js';
import { SubmitScan, type ScanRequest } from './submit-scan.js';

export { REUSE_WINDOW_SECONDS, type ScanRequest } from './submit-scan.js';
export type { ScanOutcome } from './scan-outcome.js';
export { GATE_REQUIREMENTS, type GateRequirement, type ScanGate } from './scan-gate.js';

/** A scan request, with the gate its finished scan is judged against (`vetted scan --fail-under 70 --require ready`). */
export interface GatedScanRequest extends ScanRequest {
  readonly gate?: ScanGate;
}

/** A finished scan, and whether it met the request's gate (always met without one). */
export interface GatedScanOutcome extends ScanOutcome {
  readonly gate: GateVerdict;
}

/** How long a caller that wants the finished report waits for a queued scan: its deadline, plus time to be picked up. */
export const SCAN_WAIT_MS = SCAN_DEADLINE_MS + 10_000;

/** How far a scan request went: the finished report, or the job still queued or running. */
export type ScanProgress = { readonly kind: 'done'; readonly outcome: ScanOutcome } | { readonly kind: 'pending'; readonly status: ScanStatus };

/**
 * The one use case every driving adapter runs for a scan (`POST /api/scan` and its form, MCP
 * `scan_domain`, `vetted scan`): SubmitScan (reuse, admission, the job), then AwaitScan until the
 * job ends or `waitMs` passes. A failed job throws its error.
 */
@injectable()
export class RequestScan {
  constructor(
    @inject(SubmitScan) private readonly submit: SubmitScan,
    @inject(AwaitScan) private readonly awaitScan: AwaitScan,
  ) {}

  /** The finished report, or the job still going after `waitMs` (0: as it is once queued). */
  async start(request: ScanRequest, waitMs = SCAN_WAIT_MS): Promise<ScanProgress> {
    const ticket = await this.submit.run(request);
    if (ticket.kind === 'reused') return { kind: 'done', outcome: ticket.outcome };
    const status = await this.awaitScan.run(ticket.scanId, waitMs);
    if (status.outcome) return { kind: 'done', outcome: status.outcome };
    if (status.job.state === 'failed') throw scanFailure(status.job);
    return { kind: 'pending', status };
  }

  /**
   * The finished report, judged against the request's gate; a job that does not end in time is
   * SCAN_UNAVAILABLE, with the job still going.
   */
  async run(request: GatedScanRequest, waitMs = SCAN_WAIT_MS): Promise<GatedScanOutcome> {
    const progress = await this.start(request, waitMs);
    if (progress.kind === 'done') {
      const { outcome } = progress;
      return { ...outcome, gate: judgeScanGate(request.gate ?? {}, { score: outcome.score, readiness: outcome.readiness.value }) };
    }
    const { job } = progress.status;
    throw new AppError('SCAN_UNAVAILABLE', `The scan ${job.id} is still ${job.state}; its report will be at GET /api/scans/${job.id} when it ends.`, {
      retryAfterSeconds: 10,
      scan_id: job.id,
    });
  }
}
