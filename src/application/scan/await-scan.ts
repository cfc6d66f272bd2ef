import { inject, injectable } from 'inversify';
import type { ScanJob } from '../../domain/scan/scan-job.js';
import { AppError, type ErrorCode } from '../errors.js';
import { Clock } from '../ports/clock.js';
import { ReportRepository } from '../ports/report-repository.js';
import { ScanJobRepository } from '../ports/scan-job-repository.js';
import { Timers } from '../ports/timers.js';
import { DEFAULT_JOB_TIMINGS, JobTimings } from '../jobs/job-timings.js';
import { scanOutcome, type ScanOutcome } from './scan-outcome.js';

const SCAN_ID = /^scn_[A-Za-z0-9_-]{16,64}$/;
/** How often a waiting caller looks at the job; the worker may run in another instance. */
const POLL_MS = 100;

/** A scan job and, once it is done, its outcome. */
export interface ScanStatus {
  readonly job: ScanJob;
  readonly outcome: ScanOutcome | undefined;
}

/**
 * Reads a scan job (`GET /api/scans/{id}`, the progress page) and waits for it to end. The worker
 * may be any instance, so waiting is reading the job's row until it changes state.
 */
@injectable()
export class AwaitScan {
  constructor(
    @inject(ScanJobRepository) private readonly jobs: ScanJobRepository,
    @inject(ReportRepository) private readonly reports: ReportRepository,
    @inject(Clock) private readonly clock: Clock,
    @inject(Timers) private readonly timers: Timers,
    @inject(JobTimings) private readonly timings: JobTimings = DEFAULT_JOB_TIMINGS,
  ) {}

  /** The job for its progress page (`GET /scans/{id}`): as soon as it ends within the page's wait (JobTimings.progressPageWaitMs), else as it is then. */
  forPage(scanId: string): Promise<ScanStatus> {
    return this.run(scanId, this.timings.progressPageWaitMs ?? DEFAULT_JOB_TIMINGS.progressPageWaitMs);
  }

  /**
   * The job now, or as soon as it ends within `waitMs` (0: at once). NOT_FOUND for an unknown id;
   * a failed job is returned as it is (its errorCode says why), for the caller to show or throw.
   */
  async run(scanId: string, waitMs = 0): Promise<ScanStatus> {
    const deadline = waitMs > 0 ? this.timers.deadline(waitMs) : undefined;
    for (;;) {
      const job = SCAN_ID.test(scanId) ? await this.jobs.find(scanId) : undefined;
      if (!job) throw new AppError('NOT_FOUND', 'No scan with this id.');
      if (job.state === 'done') return { job, outcome: await this.outcomeOf(job) };
      if (job.state === 'failed' || !deadline || deadline.aborted) return { job, outcome: undefined };
      await this.timers.sleep(POLL_MS, deadline);
    }
  }

  private async outcomeOf(job: ScanJob): Promise<ScanOutcome> {
    const stored = job.reportId ? await this.reports.findById(job.reportId) : undefined;
    if (!stored) throw new AppError('INTERNAL_ERROR', `scan ${job.id} is done but its report ${job.reportId} is missing`);
    return scanOutcome(stored, false, 0, this.clock.now());
  }
}

/** The error a failed scan job reports to a caller that waited for it. */
export function scanFailure(job: ScanJob): AppError {
  return new AppError((job.errorCode ?? 'INTERNAL_ERROR') as ErrorCode, job.errorMessage ?? 'The scan could not be completed.');
}
