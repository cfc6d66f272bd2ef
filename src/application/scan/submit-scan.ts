import { inject, injectable } from 'inversify';
import type { DomainName } from '../../domain/domain-name.js';
import { METHODOLOGY_VERSION } from '../../domain/scan/methodology.js';
import { requireDomainName } from '../input/domain-input.js';
import { AppError } from '../errors.js';
import { JobTimings } from '../jobs/job-timings.js';
import { Clock } from '../ports/clock.js';
import { JobQueue } from '../ports/job-queue.js';
import { Metrics, NO_METRICS } from '../ports/metrics.js';
import { RandomTokens } from '../ports/random-tokens.js';
import { ReportRepository } from '../ports/report-repository.js';
import { ScanAdmission } from '../ports/scan-admission.js';
import { ScanJobRepository } from '../ports/scan-job-repository.js';
import type { ProbeListener } from './probe-runner.js';
import { RunScanJob } from './run-scan-job.js';
import { scanOutcome, type ScanOutcome } from './scan-outcome.js';

/** A stored report younger than this, under the current methodology, may be reused instead of scanning. */
export const REUSE_WINDOW_SECONDS = 600;
/** After the admission store failed, fresh scans are refused this long without asking it again. */
const COOL_OFF_SECONDS = 30;
/** Tries of a `scan.run` job after the first, when storage failed or its worker died. */
export const SCAN_JOB_RETRIES = 2;

export interface ScanRequest {
  /** The name as the caller gave it; parsed here, once, for the whole scan. */
  readonly domain: string;
  /** Who asks: the client address for HTTP and MCP, `cli` for the command line. */
  readonly clientId: string;
  /** Return a methodology-matched report younger than ten minutes instead of scanning. */
  readonly allowReuse: boolean;
  /** Run the scan in this process now instead of queueing it (the CLI), telling each probe here. */
  readonly inline?: { readonly onProbe?: ProbeListener };
}

/** What a request became: a reused report, or a scan job (done already when run inline). */
export type ScanTicket = { readonly kind: 'reused'; readonly outcome: ScanOutcome } | { readonly kind: 'queued'; readonly scanId: string };

/**
 * The one entry point of a scan: reuse within the window when the caller allows it (costs no
 * budget), else admission (RATE_LIMITED with retryAfterSeconds when a budget is spent;
 * SCAN_UNAVAILABLE when the admission store cannot answer, fail closed), then a scan job, queued
 * for any worker. Admission and reuse are decided before anything is queued.
 */
@injectable()
export class SubmitScan {
  private coolOffUntilMs = 0;

  constructor(
    @inject(ScanAdmission) private readonly admission: ScanAdmission,
    @inject(ReportRepository) private readonly reports: ReportRepository,
    @inject(ScanJobRepository) private readonly jobs: ScanJobRepository,
    @inject(JobQueue) private readonly queue: JobQueue,
    @inject(RunScanJob) private readonly runScanJob: RunScanJob,
    @inject(RandomTokens) private readonly random: RandomTokens,
    @inject(Clock) private readonly clock: Clock,
    @inject(JobTimings) private readonly timings: Pick<JobTimings, 'scanLeaseSeconds'>,
    @inject(Metrics) private readonly metrics: Metrics = NO_METRICS,
  ) {}

  async run(request: ScanRequest): Promise<ScanTicket> {
    const domain = requireDomainName(request.domain);
    const now = this.clock.now();
    if (request.allowReuse) {
      const latest = await this.reports.findLatest(domain);
      if (latest && latest.report.methodologyVersion === METHODOLOGY_VERSION) {
        const ageSeconds = Math.floor((now.getTime() - Date.parse(latest.report.scannedAt)) / 1000);
        if (ageSeconds >= 0 && ageSeconds < REUSE_WINDOW_SECONDS) {
          this.metrics.scanEnded('reused');
          return { kind: 'reused', outcome: scanOutcome(latest, true, ageSeconds, now) };
        }
      }
    }
    await this.admit(request.clientId, domain, now);
    const scanId = `scn_${this.random.token(16)}`;
    const at = now.toISOString();
    try {
      await this.jobs.create({
        id: scanId,
        domain,
        clientId: request.clientId,
        state: 'queued',
        probes: [],
        reportId: null,
        errorCode: null,
        errorMessage: null,
        createdAt: at,
        updatedAt: at,
      });
      if (request.inline) await this.runScanJob.run(scanId, { onProbe: request.inline.onProbe });
      else await this.queue.enqueue('scan.run', { scanId }, { leaseSeconds: this.timings.scanLeaseSeconds, retryLimit: SCAN_JOB_RETRIES });
    } catch (error) {
      throw unavailable(COOL_OFF_SECONDS, 'the scan could not be queued', error);
    }
    return { kind: 'queued', scanId };
  }

  private async admit(clientId: string, domain: DomainName, now: Date): Promise<void> {
    const coolOff = Math.ceil((this.coolOffUntilMs - now.getTime()) / 1000);
    if (coolOff > 0) {
      this.metrics.admissionRefused('unavailable');
      throw unavailable(coolOff, 'the scan budget cannot be checked');
    }
    let decision;
    try {
      decision = await this.admission.admit({ clientId, domain }, now);
    } catch (error) {
      // Whatever went wrong, the budget could not be checked: fail closed, and give the store a rest.
      this.coolOffUntilMs = now.getTime() + COOL_OFF_SECONDS * 1000;
      this.metrics.admissionRefused('unavailable');
      throw unavailable(COOL_OFF_SECONDS, 'the scan budget cannot be checked', error);
    }
    if (!decision.admitted) {
      this.metrics.admissionRefused(decision.limit);
      const which = { client: 'this client', domain: 'this domain', global: 'the service' }[decision.limit];
      throw new AppError(
        'RATE_LIMITED',
        `The fresh-scan budget of ${which} is spent; retry after ${decision.retryAfterSeconds} seconds. Stored reports and verify answers stay available.`,
        {
          retryAfterSeconds: decision.retryAfterSeconds,
          limit: decision.limit,
        },
      );
    }
  }
}

function unavailable(seconds: number, why: string, cause?: unknown): AppError {
  return new AppError(
    'SCAN_UNAVAILABLE',
    `Fresh scans are unavailable for now (${why}); retry after ${seconds} seconds. Stored reports and verify answers stay available.`,
    { retryAfterSeconds: seconds },
    { cause },
  );
}
