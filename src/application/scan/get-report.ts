import { inject, injectable } from 'inversify';
import { requireDomainName } from '../domain-input.js';
import { AppError } from '../errors.js';
import { ReportRepository, type StoredReport } from '../ports/report-repository.js';

const REPORT_ID = /^rpt_[A-Za-z0-9_-]{16,64}$/;

/** A stored report, by id or as the latest of a domain. Reads only; never scans. */
@injectable()
export class GetReport {
  constructor(@inject(ReportRepository) private readonly reports: ReportRepository) {}

  async byId(id: string): Promise<StoredReport> {
    const stored = REPORT_ID.test(id) ? await this.reports.findById(id) : undefined;
    if (!stored) throw new AppError('NOT_FOUND', 'No report with this id.');
    return stored;
  }

  async latest(domainInput: string): Promise<StoredReport> {
    const domain = requireDomainName(domainInput);
    const stored = await this.reports.findLatest(domain);
    if (!stored) throw new AppError('NOT_FOUND', `${domain} has never been scanned.`);
    return stored;
  }
}
