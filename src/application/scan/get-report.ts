import { inject, injectable } from 'inversify';
import { judgeReadiness, type Readiness } from '../../domain/scan/readiness.js';
import { compareReports, type ReportChange } from '../../domain/scan/report-diff.js';
import type { EvidenceItem } from '../../domain/scan/report.js';
import { requireDomainName } from '../input/domain-input.js';
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

  /**
   * A stored report with the readiness it supports now (as if it were the latest: freshness
   * changes with time) and what changed since the previous report of its domain, if any.
   */
  async withReadiness(id: string): Promise<{ stored: StoredReport; readiness: Readiness; change: ReportChange | undefined }> {
    const stored = await this.byId(id);
    const { report } = stored;
    const [previous] = await this.reports.history(report.domain, { before: { scannedAt: report.scannedAt, id: report.id }, limit: 1 });
    return { stored, readiness: judgeReadiness(report, this.clock.now()), change: previous ? compareReports(previous, report) : undefined };
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
