import { inject, injectable } from 'inversify';
import { AppError } from '../errors.js';
import { AwaitScan, scanFailure } from './await-scan.js';
import type { ScanOutcome } from './scan-outcome.js';
import { SCAN_DEADLINE_MS } from './scan-site.js';
import { SubmitScan, type ScanRequest } from './submit-scan.js';

export { COOL_OFF_SECONDS, REUSE_WINDOW_SECONDS, type ScanRequest } from './submit-scan.js';
export type { ScanOutcome } from './scan-outcome.js';

/** How long a caller that wants the finished report waits for a queued scan: its deadline, plus time to be picked up. */
export const SCAN_WAIT_MS = SCAN_DEADLINE_MS + 10_000;

/**
 * A scan request answered with the finished report (MCP `scan_domain`, `vetted scan`, `POST
 * /api/scan` without `Prefer: respond-async`): SubmitScan, then AwaitScan until the job ends.
 * A job that does not end in time is SCAN_UNAVAILABLE, with the job still going.
 */
@injectable()
export class RequestScan {
  constructor(
    @inject(SubmitScan) private readonly submit: SubmitScan,
    @inject(AwaitScan) private readonly awaitScan: AwaitScan,
  ) {}

  async run(request: ScanRequest, waitMs = SCAN_WAIT_MS): Promise<ScanOutcome> {
    const ticket = await this.submit.run(request);
    if (ticket.kind === 'reused') return ticket.outcome;
    const { job, outcome } = await this.awaitScan.run(ticket.scanId, waitMs);
    if (outcome) return outcome;
    if (job.state === 'failed') throw scanFailure(job);
    throw new AppError('SCAN_UNAVAILABLE', `The scan ${job.id} is still ${job.state}; its report will be at GET /api/scans/${job.id} when it ends.`, {
      retryAfterSeconds: 10,
      scan_id: job.id,
    });
  }
}
