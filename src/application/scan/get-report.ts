import { inject, injectable } from 'inversify';
import { judgeReadiness, type Readiness } from '../../domain/scan/readiness.js';
import type { EvidenceItem } from '../../domain/scan/report.js';
import { requireDomainName } from '../domain-input.js';
import { AppError } from '../errors.js';
import { Clock } from '../ports/clock.js';
import { ReportRepository, type StoredReport } from '../ports/report-repository.js';

const REPORT_ID = /^rpt_[A-Za-z0-9_-]{16,64}$/;

/** A stored report, by id or as the latest of a domain. Reads only; never scans. */
@injectable()
export class GetReport {
  constructor(
    @inject(ReportRepository) private readonly reports: ReportRepository,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  /** A stored report with the readiness it supports now (as if it were the latest: freshness changes with time). */
  async withReadiness(id: string): Promise<{ stored: StoredReport; readiness: Readiness }> {
    const stored = await this.byId(id);
    return { stored, readiness: judgeReadiness(stored.report, this.clock.now()) };
  }

  async byId(id: string): Promise<StoredReport> {
    const stored = REPORT_ID.test(id) ? await this.reports.findById(id) : undefined;
    if (!stored) throw new AppError('NOT_FOUND', 'No report with this id.');
    return stored;
  }

  /** Evidence item `n` (1-based, as in its URL) of a stored report; NOT_FOUND when either is unknown. */
  async evidence(id: string, n: string): Promise<{ stored: StoredReport; item: EvidenceItem }> {
    const stored = await this.byId(id);
    const item = stored.report.evidence.find((e) => e.n === Number(n));
    if (!item) throw new AppError('NOT_FOUND', `Report ${stored.report.id} has no evidence item ${n.slice(0, 20)}.`);
    return { stored, item };
  }

  async latest(domainInput: string): Promise<StoredReport> {
    const domain = requireDomainName(domainInput);
    const stored = await this.reports.findLatest(domain);
    if (!stored) throw new AppError('NOT_FOUND', `${domain} has never been scanned.`);
    return stored;
  }
}
