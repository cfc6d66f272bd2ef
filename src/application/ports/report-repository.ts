import type { DomainName } from '../../domain/domain-name.js';
import type { ReportCore } from '../../domain/scan/report-diff.js';
import type { Report } from '../../domain/scan/report.js';
import type { ReportSignature } from './report-signer.js';

/** A report as stored, with the signature made when it was saved. */
export interface StoredReport {
  readonly report: Report;
  readonly signature: ReportSignature;
}

/** Stores scan reports and their evidence. Adapters: KnexReportRepository. Fake: InMemoryReportRepository. */
export interface ReportRepository {
  /** Stores the report and all its evidence in one transaction: never a partial report. */
  save(stored: StoredReport): Promise<void>;
  /** The report with this id, or undefined. */
  findById(id: string): Promise<StoredReport | undefined>;
  /** The newest report of `domain` (by scan time), or undefined when it was never scanned. */
  findLatest(domain: DomainName): Promise<StoredReport | undefined>;
  /**
   * Reports of `domain` without their evidence, newest first (by scan time, then id), at most
   * `limit`, and only those older than `before` (a report's scan time and id) when given.
   */
  history(domain: DomainName, options: { readonly before?: HistoryPosition; readonly limit: number }): Promise<ReportCore[]>;
}

/** Where a page of history starts: after the report with this scan time and id. */
export interface HistoryPosition {
  readonly scannedAt: string;
  readonly id: string;
}
export const ReportRepository = Symbol('ReportRepository');
