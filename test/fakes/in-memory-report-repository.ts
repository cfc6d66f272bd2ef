import type { HistoryPosition, ReportRepository, StoredReport } from '../../src/application/ports/report-repository.js';
import type { ReportCore } from '../../src/domain/scan/report-diff.js';
import type { DomainName } from '../../src/domain/domain-name.js';

export class InMemoryReportRepository implements ReportRepository {
  readonly saved: StoredReport[] = [];

  async save(stored: StoredReport): Promise<void> {
    if (this.saved.some((s) => s.report.id === stored.report.id)) throw new Error(`duplicate report id ${stored.report.id}`);
    const numbers = stored.report.evidence.map((e) => e.n);
    if (new Set(numbers).size !== numbers.length) throw new Error('duplicate evidence number');
    this.saved.push(structuredClone(stored));
  }

  async findById(id: string): Promise<StoredReport | undefined> {
    const found = this.saved.find((s) => s.report.id === id);
    return found ? structuredClone(found) : undefined;
  }

  async findLatest(domain: DomainName): Promise<StoredReport | undefined> {
    const mine = this.saved.filter((s) => s.report.domain === domain);
    mine.sort((a, b) => b.report.scannedAt.localeCompare(a.report.scannedAt) || b.report.id.localeCompare(a.report.id));
    return mine[0] ? structuredClone(mine[0]) : undefined;
  }

  async history(domain: DomainName, options: { before?: HistoryPosition; limit: number }): Promise<ReportCore[]> {
    const { before } = options;
    const mine = this.saved.map((s) => s.report).filter((r) => r.domain === domain);
    mine.sort((a, b) => b.scannedAt.localeCompare(a.scannedAt) || b.id.localeCompare(a.id));
    const older = before ? mine.filter((r) => r.scannedAt < before.scannedAt || (r.scannedAt === before.scannedAt && r.id < before.id)) : mine;
    return older.slice(0, options.limit).map(({ evidence: _evidence, ...core }) => structuredClone(core));
  }
}
