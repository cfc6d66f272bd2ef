import { inject, injectable } from 'inversify';
import type { Knex } from 'knex';
import type { HistoryPosition, ReportRepository, StoredReport } from '../../application/ports/report-repository.js';
import type { ReportCore } from '../../domain/scan/report-diff.js';
import type { DomainName } from '../../domain/domain-name.js';
import { summarizeReport, type EvidenceItem, type Report } from '../../domain/scan/report.js';
import { Database } from './create-knex.js';
import { PublicReads, PublicReadsToken } from './public-reads.js';

interface ReportRow {
  id: string;
  report: string;
  signature: string;
}

@injectable()
export class KnexReportRepository implements ReportRepository {
  constructor(
    @inject(Database) private readonly db: Knex,
    // Reports looked up for readers go to the replica when it has them (see PublicReads).
    @inject(PublicReadsToken) private readonly reads: PublicReads = PublicReads.primaryOnly(db),
  ) {}

  async save({ report, signature }: StoredReport): Promise<void> {
    const { evidence, ...rest } = report;
    await this.db.transaction(async (trx) => {
      await trx('reports').insert({
        id: report.id,
        domain: report.domain,
        scanned_at: report.scannedAt,
        methodology_version: report.methodologyVersion,
        score: report.score,
        report: JSON.stringify(rest),
        summary: JSON.stringify(summarizeReport(report)),
        signature: JSON.stringify(signature),
      });
      if (evidence.length > 0) {
        await trx('report_evidence').insert(evidence.map((item) => ({ report_id: report.id, n: item.n, item: JSON.stringify(item) })));
      }
    });
  }

  async findById(id: string): Promise<StoredReport | undefined> {
    // A report stored a moment ago may not have reached the replica yet: a miss asks the primary.
    return this.reads.run(
      async (db) => {
        const row = await db('reports').select('id', 'report', 'signature').where({ id }).first();
        return row ? this.withEvidence(row, db) : undefined;
      },
      (found) => found === undefined,
    );
  }

  async findLatest(domain: DomainName): Promise<StoredReport | undefined> {
    return this.reads.run(async (db) => {
      const row = await db('reports')
        .select('id', 'report', 'signature')
        .where({ domain })
        .orderBy([
          { column: 'scanned_at', order: 'desc' },
          { column: 'id', order: 'desc' },
        ])
        .first();
      return row ? this.withEvidence(row, db) : undefined;
    });
  }

  async history(domain: DomainName, options: { before?: HistoryPosition; limit: number }): Promise<ReportCore[]> {
    return this.reads.run((db) => this.historyOn(db, domain, options));
  }

  private async historyOn(db: Knex, domain: DomainName, options: { before?: HistoryPosition; limit: number }): Promise<ReportCore[]> {
    const query = db('reports').select('report').where({ domain });
    const before = options.before;
    // Keyset pagination on the (domain, scanned_at) index: stable while new reports arrive.
    if (before)
      query.andWhere((q) =>
        q.where('scanned_at', '<', before.scannedAt).orWhere((same) => same.where('scanned_at', before.scannedAt).andWhere('id', '<', before.id)),
      );
    const rows = await query
      .orderBy([
        { column: 'scanned_at', order: 'desc' },
        { column: 'id', order: 'desc' },
      ])
      .limit(options.limit);
    return rows.map((row: { report: string }) => JSON.parse(row.report) as ReportCore);
  }

  private async withEvidence(row: ReportRow, db: Knex): Promise<StoredReport> {
    const items = await db('report_evidence').select('item').where({ report_id: row.id }).orderBy('n');
    const evidence = items.map((r: { item: string }) => JSON.parse(r.item) as EvidenceItem);
    const report: Report = { ...(JSON.parse(row.report) as Omit<Report, 'evidence'>), evidence };
    return { report, signature: JSON.parse(row.signature) };
  }
}
