import { inject, injectable } from 'inversify';
import type { DomainName } from '../../domain/domain-name.js';
import { METHODOLOGY_VERSION } from '../../domain/scan/methodology.js';
import { judgeReadiness, type Readiness } from '../../domain/scan/readiness.js';
import { summarizeReport, type ReportSummary } from '../../domain/scan/report.js';
import { requireDomainName } from '../domain-input.js';
import { AppError } from '../errors.js';
import { Clock } from '../ports/clock.js';
import { ReportRepository, type StoredReport } from '../ports/report-repository.js';
import { ScanAdmission } from '../ports/scan-admission.js';
import { RegistryReadCache } from '../registry-read-cache.js';
import type { ProbeListener } from './probe-runner.js';
import { ScanSite } from './scan-site.js';

/** A stored report younger than this, under the current methodology, may be reused instead of scanning. */
export const REUSE_WINDOW_SECONDS = 600;
/** After the admission store failed, fresh scans are refused this long without asking it again. */
export const COOL_OFF_SECONDS = 30;

export interface ScanRequest {
  /** The name as the caller gave it; parsed here, once, for the whole scan. */
  readonly domain: string;
  /** Who asks: the client address for HTTP and MCP, `cli` for the command line. */
  readonly clientId: string;
  /** Return a methodology-matched report younger than ten minutes instead of scanning. */
  readonly allowReuse: boolean;
  readonly onProbe?: ProbeListener;
}

export interface ScanOutcome {
  readonly stored: StoredReport;
  /** True when a stored report was returned instead of a new fetch. */
  readonly reused: boolean;
  readonly ageSeconds: number;
  /** The report's readiness, judged when the answer is made. */
  readonly readiness: Readiness;
  readonly summary: ReportSummary;
}

/**
 * An explicit scan request: reuse within the window when the caller allows it (costs no budget),
 * else admission (RATE_LIMITED with retryAfterSeconds when a budget is spent; SCAN_UNAVAILABLE
 * when the admission store cannot answer, fail closed), then a fresh scan.
 */
@injectable()
export class RequestScan {
  private coolOffUntilMs = 0;

  constructor(
    @inject(ScanSite) private readonly scanSite: ScanSite,
    @inject(ScanAdmission) private readonly admission: ScanAdmission,
    @inject(ReportRepository) private readonly reports: ReportRepository,
    @inject(RegistryReadCache) private readonly cache: RegistryReadCache,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async run(request: ScanRequest): Promise<ScanOutcome> {
    const domain = requireDomainName(request.domain);
    const now = this.clock.now();
    if (request.allowReuse) {
      const latest = await this.reports.findLatest(domain);
      if (latest && latest.report.methodologyVersion === METHODOLOGY_VERSION) {
        const ageSeconds = Math.floor((now.getTime() - Date.parse(latest.report.scannedAt)) / 1000);
        if (ageSeconds >= 0 && ageSeconds < REUSE_WINDOW_SECONDS) return this.outcome(latest, true, ageSeconds);
      }
    }
    await this.admit(request.clientId, domain, now);
    const stored = await this.scanSite.run(domain, { onProbe: request.onProbe });
    this.cache.delete(domain);
    return this.outcome(stored, false, 0);
  }

  private outcome(stored: StoredReport, reused: boolean, ageSeconds: number): ScanOutcome {
    const summary = summarizeReport(stored.report);
    return { stored, reused, ageSeconds, summary, readiness: judgeReadiness(summary, this.clock.now()) };
  }

  private async admit(clientId: string, domain: DomainName, now: Date): Promise<void> {
    const coolOff = Math.ceil((this.coolOffUntilMs - now.getTime()) / 1000);
    if (coolOff > 0) throw unavailable(coolOff);
    let decision;
    try {
      decision = await this.admission.admit({ clientId, domain }, now);
    } catch (error) {
      // Whatever went wrong, the budget could not be checked: fail closed, and give the store a rest.
      this.coolOffUntilMs = now.getTime() + COOL_OFF_SECONDS * 1000;
      throw unavailable(COOL_OFF_SECONDS, error);
    }
    if (!decision.admitted) {
      const which = { client: 'this client', domain: 'this domain', global: 'the service' }[decision.limit];
      throw new AppError('RATE_LIMITED', `The fresh-scan budget of ${which} is spent; retry after ${decision.retryAfterSeconds} seconds. Stored reports and verify answers stay available.`, {
        retryAfterSeconds: decision.retryAfterSeconds,
        limit: decision.limit,
      });
    }
  }
}

function unavailable(seconds: number, cause?: unknown): AppError {
  return new AppError(
    'SCAN_UNAVAILABLE',
    `Fresh scans are unavailable for now (the scan budget cannot be checked); retry after ${seconds} seconds. Stored reports and verify answers stay available.`,
    { retryAfterSeconds: seconds },
    { cause },
  );
}
