import { inject, injectable } from 'inversify';
import type { Knex } from 'knex';
import type { ScanJobRepository, ScanJobUpdate } from '../../application/ports/scan-job-repository.js';
import type { DomainName } from '../../domain/domain-name.js';
import type { ScanJob, ScanJobState } from '../../domain/scan/scan-job.js';
import { Database } from './create-knex.js';

@injectable()
export class KnexScanJobRepository implements ScanJobRepository {
  constructor(@inject(Database) private readonly db: Knex) {}

  async create(job: ScanJob): Promise<void> {
    await this.db('scan_jobs').insert({
      id: job.id,
      domain: job.domain,
      client_id: job.clientId.slice(0, 64),
      state: job.state,
      probes: JSON.stringify(job.probes),
      report_id: job.reportId,
      error_code: job.errorCode,
      error_message: job.errorMessage,
      created_at: job.createdAt,
      updated_at: job.updatedAt,
    });
  }

  async find(id: string): Promise<ScanJob | undefined> {
    const r = await this.db('scan_jobs').where({ id }).first();
    if (!r) return undefined;
    return {
      id: r.id,
      domain: r.domain as DomainName,
      clientId: r.client_id,
      state: r.state as ScanJobState,
      probes: JSON.parse(r.probes),
      reportId: r.report_id,
      errorCode: r.error_code,
      errorMessage: r.error_message,
      createdAt: r.created_at,
      updatedAt: r.updated_at,
    };
  }

  async update(id: string, change: ScanJobUpdate): Promise<void> {
    const row: Record<string, unknown> = { updated_at: change.updatedAt };
    if (change.state !== undefined) row.state = change.state;
    if (change.probes !== undefined) row.probes = JSON.stringify(change.probes);
    if (change.reportId !== undefined) row.report_id = change.reportId;
    if (change.errorCode !== undefined) row.error_code = change.errorCode;
    if (change.errorMessage !== undefined) row.error_message = change.errorMessage?.slice(0, 500) ?? null;
    await this.db('scan_jobs').where({ id }).update(row);
  }
}
