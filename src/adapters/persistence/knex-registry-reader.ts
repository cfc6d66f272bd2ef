import { inject, injectable } from 'inversify';
import type { Knex } from 'knex';
import type { DomainRecords, RegistryReader } from '../../application/ports/registry-reader.js';
import type { BlockedDomain } from '../../domain/blocked-domain.js';
import type { DomainName } from '../../domain/domain-name.js';
import type { Entity } from '../../domain/entity.js';
import type { ReportSummary } from '../../domain/scan/report.js';
import { Database } from './create-knex.js';
import { toEntity } from './entity-rows.js';

const NO_RECORDS: DomainRecords = { entities: [], blocks: [], latestReport: undefined };

@injectable()
export class KnexRegistryReader implements RegistryReader {
  private readonly sql: string;

  constructor(@inject(Database) private readonly db: Knex) {
    // One statement over the three indexed tables, so a verify that misses the cache costs one query.
    this.sql = `
      SELECT 'entity' AS kind, domain, id, name, type, level, coverage, status, verified_at, expires_at,
             NULL AS reason, NULL AS blocked_at
        FROM entities WHERE domain IN (__NAMES__)
      UNION ALL
      SELECT 'block' AS kind, domain, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, reason, blocked_at
        FROM blocked_domains WHERE domain IN (__NAMES__)
      UNION ALL
      SELECT * FROM (
        SELECT 'report' AS kind, domain, id, NULL, NULL, NULL, NULL, NULL, NULL, NULL, summary, NULL
          FROM reports WHERE domain = ? ORDER BY scanned_at DESC, id DESC LIMIT 1
      ) latest`;
  }

  async findRecords(names: readonly DomainName[]): Promise<DomainRecords> {
    if (names.length === 0) return NO_RECORDS;
    const placeholders = names.map(() => '?').join(', ');
    const result = await this.db.raw(this.sql.replaceAll('__NAMES__', placeholders), [...names, ...names, names[0]!]);
    const rows: RegistryRow[] = Array.isArray(result) ? result : result.rows;
    const entities: Entity[] = [];
    const blocks: BlockedDomain[] = [];
    let latestReport: ReportSummary | undefined;
    for (const row of rows) {
      if (row.kind === 'report') {
        // The summary travels in the reason column of the union.
        latestReport = JSON.parse(row.reason ?? 'null') ?? undefined;
      } else if (row.kind === 'block') {
        blocks.push({ domain: row.domain as DomainName, reason: row.reason ?? '', blockedAt: row.blocked_at ?? '' });
      } else {
        entities.push(toEntity(row as Parameters<typeof toEntity>[0]));
      }
    }
    return entities.length === 0 && blocks.length === 0 && !latestReport ? NO_RECORDS : { entities, blocks, latestReport };
  }
}

interface RegistryRow {
  kind: 'entity' | 'block' | 'report';
  domain: string;
  id: string | null;
  name: string | null;
  type: string | null;
  level: string | null;
  coverage: string | null;
  status: string | null;
  verified_at: string | null;
  expires_at: string | null;
  reason: string | null;
  blocked_at: string | null;
}
