import { inject, injectable } from 'inversify';
import type { DomainName } from '../../domain/domain-name.js';
import { compareReports, type ReportChange, type ReportCore } from '../../domain/scan/report-diff.js';
import { requireDomainName } from '../input/domain-input.js';
import { AppError } from '../errors.js';
import { ReportRepository, type HistoryPosition } from '../ports/report-repository.js';
import { GetReport } from './get-report.js';

/** One report in a domain's history, with what changed since the report before it (none for the first). */
interface HistoryEntry {
  readonly report: ReportCore;
  readonly change: ReportChange | undefined;
}

/** A page of a domain's history, newest first; `next` is the cursor of the following page. */
export interface HistoryPage {
  readonly domain: DomainName;
  readonly entries: readonly HistoryEntry[];
  readonly next: string | undefined;
}

export const HISTORY_PAGE_DEFAULT = 20;
export const HISTORY_PAGE_MAX = 100;

/**
 * GET /reports?domain=: the reports of a domain, newest first, a page at a time (opaque cursors
 * over scan time and id, stable while new scans arrive), each with what changed since the
 * previous report of the domain; and GET /reports/{id}/diff/{other}: any two reports of one domain
 * compared, older first. Reads only.
 */
@injectable()
export class ReportHistory {
  constructor(
    @inject(ReportRepository) private readonly reports: ReportRepository,
    @inject(GetReport) private readonly getReport: GetReport,
  ) {}

  async page(domainInput: string, cursor: string | undefined, limit = HISTORY_PAGE_DEFAULT): Promise<HistoryPage> {
    const domain = requireDomainName(domainInput);
    if (!Number.isInteger(limit) || limit < 1 || limit > HISTORY_PAGE_MAX) {
      throw new AppError('VALIDATION_ERROR', `limit must be a whole number from 1 to ${HISTORY_PAGE_MAX}.`);
    }
    const before = cursor === undefined ? undefined : positionOf(cursor);
    // One more than the page tells whether there is a next page; one more again is the last entry's previous report.
    const found = await this.reports.history(domain, { before, limit: limit + 1 });
    const shown = found.slice(0, limit);
    const entries = shown.map((report, i) => ({ report, change: found[i + 1] ? compareReports(found[i + 1]!, report) : undefined }));
    const last = shown.at(-1);
    return { domain, entries, next: found.length > limit && last ? cursorOf(last) : undefined };
  }

  async diff(id: string, otherId: string): Promise<ReportChange> {
    const [a, b] = await Promise.all([this.find(id), this.find(otherId)]);
    if (a.domain !== b.domain)
      throw new AppError(
        'VALIDATION_ERROR',
        `Reports ${a.id} (${a.domain}) and ${b.id} (${b.domain}) are of different domains; only reports of one domain compare.`,
      );
    const [older, newer] = a.scannedAt < b.scannedAt || (a.scannedAt === b.scannedAt && a.id < b.id) ? [a, b] : [b, a];
    return compareReports(older, newer);
  }

  private async find(id: string): Promise<ReportCore> {
    const { evidence: _evidence, ...core } = (await this.getReport.byId(id)).report;
    return core;
  }
}

function cursorOf(report: ReportCore): string {
  return Buffer.from(JSON.stringify([report.scannedAt, report.id])).toString('base64url');
}

function positionOf(cursor: string): HistoryPosition {
  try {
    const [scannedAt, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown[];
    if (typeof scannedAt === 'string' && typeof id === 'string' && !Number.isNaN(Date.parse(scannedAt))) return { scannedAt, id };
  } catch {
    // falls through to the refusal
  }
  throw new AppError('VALIDATION_ERROR', 'cursor is not one this service gave; start again without it.');
}
