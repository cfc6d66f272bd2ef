import DataLoader from 'dataloader';
import { inject, injectable } from 'inversify';
import type { Knex } from 'knex';
import type { DomainRecords, ReadAhead, RegistryReader } from '../../application/ports/registry-reader.js';
import type { StoredObservations } from '../../application/ports/trust-observation-store.js';
import type { BlockedDomain } from '../../domain/blocked-domain.js';
import type { DomainName } from '../../domain/domain-name.js';
import type { Entity } from '../../domain/entity.js';
import type { ReportSummary } from '../../domain/scan/report.js';
import type { OwnershipCheck } from '../../domain/trust/ownership.js';
import { BatchGate } from './batch-gate.js';
import { Database } from './create-knex.js';
import { toEntity, type EntityRow } from './entity-rows.js';
import { preparedRead } from './prepared-read.js';
import { PublicReads, PublicReadsToken } from './public-reads.js';

const NO_OBSERVATIONS: StoredObservations = Object.freeze({});
const NOTHING_AHEAD: ReadAhead = Object.freeze({ observations: NO_OBSERVATIONS, ownership: undefined });
const NO_RECORDS: DomainRecords & { readAhead: ReadAhead } = Object.freeze({ entities: [], blocks: [], latestReport: undefined, readAhead: NOTHING_AHEAD });
/** Batches out at once; the names asked meanwhile wait for one of them to come back, then go together. */
const BATCHES_OUT = 2;
/** Names per statement at most. */
const MAX_BATCH = 64;

/**
 * RegistryReader on `verdict_facts` (migration 013): one primary-key read of the name and its
 * parents, on the read replica when there is one. Reads asked while others are out are sent
 * together (DataLoader, BatchGate): under load one statement serves many verdicts, since each trip
 * to the database costs far more than a row.
 */
@injectable()
export class KnexRegistryReader implements RegistryReader {
  /**
   * The statement text for each number of names. Per process and safe with many instances: it holds
   * SQL, never data, so no write anywhere can make it stale; bounded by MAX_BATCH (a batch's distinct
   * names; a name with more parents goes in several batches). The facts themselves are read anew
   * on every call; what callers cache of them is forgotten through the change feed.
   */
  private readonly statements = new Map<number, string>();
  private readonly gate = new BatchGate(BATCHES_OUT);
  // No cache: what callers keep is theirs to forget (the change feed); this only gathers reads.
  private readonly rows = new DataLoader<string, FactsRow | null>((names) => this.gate.run(() => this.readRows(names)), {
    cache: false,
    maxBatchSize: MAX_BATCH,
    batchScheduleFn: this.gate.schedule,
  });

  constructor(
    @inject(Database) private readonly db: Knex,
    // The public read: the replica once it has replayed what this process was told of, else `db`.
    @inject(PublicReadsToken) private readonly reads: PublicReads = PublicReads.primaryOnly(db),
  ) {}

  async findRecords(names: readonly DomainName[]): Promise<DomainRecords & { readAhead: ReadAhead }> {
    if (names.length === 0) return NO_RECORDS;
    const rows = (await Promise.all(names.map((name) => this.rows.load(name)))).filter((row): row is FactsRow => row !== null);
    if (rows.length === 0) return NO_RECORDS;
    const entities: Entity[] = [];
    const blocks: BlockedDomain[] = [];
    let latestReport: ReportSummary | undefined;
    let readAhead = NOTHING_AHEAD;
    for (const row of rows) {
      if (row.entities) for (const entity of JSON.parse(row.entities) as EntityRow[]) entities.push(toEntity(entity));
      if (row.blocks)
        for (const block of JSON.parse(row.blocks) as BlockRow[])
          blocks.push({ domain: block.domain as DomainName, reason: block.reason, blockedAt: block.blocked_at });
      if (row.name !== names[0]) continue;
      if (row.report) latestReport = JSON.parse(row.report) as ReportSummary;
      readAhead = { observations: observationsOf(row.observations), ownership: ownershipOf(row.name, row.ownership) };
    }
    return entities.length === 0 && blocks.length === 0 && !latestReport && readAhead === NOTHING_AHEAD
      ? NO_RECORDS
      : { entities, blocks, latestReport, readAhead };
  }

  async knownNames(after: string | undefined, limit: number): Promise<readonly string[]> {
    const query = this.db('verdict_facts').select('name').orderBy('name').limit(limit);
    if (after !== undefined) query.where('name', '>', after);
    return (await query).map((row: { name: string }) => row.name);
  }

  /** One statement for the distinct names of a batch; each name's row, or null, in the batch's order. */
  private async readRows(names: readonly string[]): Promise<Array<FactsRow | null>> {
    const distinct = [...new Set(names)];
    const sql = this.statement(distinct.length);
    const found = await this.reads.run((db) => preparedRead<FactsRow>(db, `verdict_facts_${distinct.length}`, sql, distinct));
    const byName = new Map(found.map((row) => [row.name, row]));
    return names.map((name) => byName.get(name) ?? null);
  }

  private statement(count: number): string {
    let sql = this.statements.get(count);
    if (!sql) {
      sql = `SELECT name, entities, blocks, report, observations, ownership FROM verdict_facts WHERE name IN (${Array(count).fill('?').join(', ')})`;
      this.statements.set(count, sql);
    }
    return sql;
  }
}

function observationsOf(text: string | null): StoredObservations {
  if (!text) return NO_OBSERVATIONS;
  const byKind = JSON.parse(text) as Record<string, { observed_at: string; payload: string }>;
  return Object.fromEntries(Object.entries(byKind).map(([kind, o]) => [kind, { observedAt: o.observed_at, value: JSON.parse(o.payload) }]));
}

function ownershipOf(domain: string, text: string | null): OwnershipCheck | undefined {
  if (!text) return undefined;
  const row = JSON.parse(text) as { brand: string; checked_at: string; evidence: string; unanswered: string };
  return { domain, brand: row.brand, checkedAt: row.checked_at, evidence: JSON.parse(row.evidence), unanswered: JSON.parse(row.unanswered) };
}

interface FactsRow {
  name: string;
  entities: string | null;
  blocks: string | null;
  report: string | null;
  observations: string | null;
  ownership: string | null;
}

interface BlockRow {
  domain: string;
  reason: string;
  blocked_at: string;
}
