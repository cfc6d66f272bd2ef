import { inject, injectable } from 'inversify';
import { AppConfig } from '../ports/app-config.js';
import type { Job, JobData } from '../ports/job-queue.js';
import { RunScanJob } from '../scan/run-scan-job.js';
import { SCAN_JOB_RETRIES } from '../scan/submit-scan.js';
import type { JobKindHandler } from './job-kind-handler.js';

/** `scan.run`: runs the queued scan, WORKER_CONCURRENCY at a time; the last try records a failure as the scan's end. */
@injectable()
export class ScanRunHandler implements JobKindHandler<'scan.run'> {
  readonly kind = 'scan.run';
  readonly concurrency: number;

  constructor(
    @inject(AppConfig) config: AppConfig,
    @inject(RunScanJob) private readonly runScanJob: RunScanJob,
  ) {
    this.concurrency = config.workerConcurrency;
  }

  async handle(data: JobData['scan.run'], job: Job<'scan.run'>): Promise<void> {
    await this.runScanJob.run(data.scanId, { lastTry: job.retryCount >= SCAN_JOB_RETRIES });
  }
}
