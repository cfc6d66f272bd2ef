import { inject, injectable } from 'inversify';
import { evidenceProgress, probeProgress, reportIdOfScan, type ProbeProgress, type ScanJob } from '../../domain/scan/scan-job.js';
import { isAppError } from '../errors.js';
import { Clock } from '../ports/clock.js';
import { Logger } from '../ports/logger.js';
import { Metrics, NO_METRICS } from '../ports/metrics.js';
import { ReportRepository } from '../ports/report-repository.js';
import { ScanJobRepository } from '../ports/scan-job-repository.js';
import { RegistryReadCache } from '../caching/registry-read-cache.js';
import type { ProbeListener } from './probe-runner.js';
import { ScanSite } from './scan-site.js';

/**
 * The `scan.run` job: runs a queued scan, recording each finished probe on the job so progress
 * pages can show it, then the report. Safe to run again after a crash: a job already finished is
 * left alone, and one whose report was stored just before the crash is finished with that report
 * (its id derives from the job's), so a retry never stores a second report. A scan that fails for
 * a reason of ours is retried by the queue, and recorded as failed with its code on the last try.
 */
@injectable()
export class RunScanJob {
  constructor(
    @inject(ScanJobRepository) private readonly jobs: ScanJobRepository,
    @inject(ScanSite) private readonly scanSite: ScanSite,
    @inject(ReportRepository) private readonly reports: ReportRepository,
    @inject(RegistryReadCache) private readonly cache: RegistryReadCache,
    @inject(Clock) private readonly clock: Clock,
    @inject(Logger) private readonly logger: Logger,
    @inject(Metrics) private readonly metrics: Metrics = NO_METRICS,
  ) {}

  /**
   * Runs the scan of job `scanId`. A failure of ours (storage busy or down) is thrown for the queue
   * to retry with backoff, unless `lastTry`: then the job is recorded as failed.
   */
  async run(scanId: string, options: { onProbe?: ProbeListener; lastTry?: boolean } = {}): Promise<void> {
    const { onProbe, lastTry = true } = options;
    const job = await this.jobs.find(scanId);
    if (!job || job.state === 'done' || job.state === 'failed') return;
    const reportId = reportIdOfScan(scanId);
    const stored = await this.reports.findById(reportId);
    // Stored before a crash: the job ends with that report, its probe list taken from the evidence.
    if (stored) return this.finish(job, reportId, stored.report.evidence.map(evidenceProgress));
    await this.jobs.update(scanId, { state: 'running', probes: [], updatedAt: this.now() });
    const probes: ProbeProgress[] = [];
    // One progress write at a time, carrying every probe finished so far: a burst of probes costs
    // one or two writes, not one each (on SQLite every write takes the file's one write lock).
    let written: Promise<void> = Promise.resolve();
    let pending = false;
    const onResult: ProbeListener = (result) => {
      onProbe?.(result);
      probes.push(probeProgress(result));
      if (pending) return;
      pending = true;
      written = written
        .then(() => {
          pending = false;
          return this.jobs.update(scanId, { probes: [...probes], updatedAt: this.now() });
        })
        .catch(() => undefined);
    };
    try {
      await this.scanSite.run(job.domain, { onProbe: onResult, reportId });
    } catch (error) {
      await written;
      if (!lastTry) {
        this.logger.warn({ scanId, err: error }, 'scan failed; the queue will try again');
        throw error;
      }
      this.logger.error({ scanId, err: error }, 'scan failed');
      const code = isAppError(error) ? error.code : 'INTERNAL_ERROR';
      await this.jobs.update(scanId, {
        state: 'failed',
        errorCode: code,
        errorMessage: 'The scan could not be completed; request it again later.',
        updatedAt: this.now(),
      });
      this.metrics.scanEnded('failed');
      return;
    }
    await written;
    await this.finish(job, reportId);
    this.metrics.scanEnded('stored');
  }

  private async finish(job: ScanJob, reportId: string, probes?: readonly ProbeProgress[]): Promise<void> {
    await this.jobs.update(job.id, { state: 'done', reportId, ...(probes ? { probes } : {}), updatedAt: this.now() });
    this.cache.delete(job.domain);
  }

  private now(): string {
    return this.clock.now().toISOString();
  }
}
