import { inject, injectable } from 'inversify';
import type { Knex } from 'knex';
import { Clock } from '../../application/ports/clock.js';
import type { EntityRepository, NewEntity } from '../../application/ports/entity-repository.js';
import { entitySlug, formatEntityId } from '../../domain/entity-id.js';
import type { Entity, EntityStatus } from '../../domain/entity.js';
import { Database } from './create-knex.js';
import { PublicReads, PublicReadsToken } from './public-reads.js';
import { ENTITY_COLUMNS, toEntity, type EntityRow } from './entity-rows.js';
import { isLockTimeout, isUniqueViolation } from './sql-errors.js';

const MAX_ATTEMPTS = 20;
const CHUNK = 200;

@injectable()
export class KnexEntityRepository implements EntityRepository {
  constructor(
    @inject(Database) private readonly db: Knex,
    // Look-ups by id for readers go to the replica when it has them (see PublicReads).
    @inject(PublicReadsToken) private readonly reads: PublicReads = PublicReads.primaryOnly(db),
    @inject(Clock) private readonly clock: Clock = { now: () => new Date() },
  ) {}

  async create(entity: NewEntity): Promise<Entity> {
    const slug = entitySlug(entity.name);
    for (let attempt = 1; ; attempt++) {
      // Optimistic allocation: another process may take the same number first; the unique
      // constraint on (slug, seq) then fails this insert and we read the new maximum again.
      const row = await this.db('entities').where({ slug }).max({ max: 'seq' }).first();
      const seq = Number(row?.max ?? 0) + 1;
      const record = toRow(entity, slug, seq, this.clock.now().toISOString());
      try {
        await this.db('entities').insert(record);
        return toEntity(record);
      } catch (error) {
        if (!isUniqueViolation(error) || attempt >= MAX_ATTEMPTS) throw error;
      }
    }
  }

  async createMany(entities: readonly NewEntity[]): Promise<Entity[]> {
    if (entities.length === 0) return [];
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.db.transaction((trx) => this.insertAll(trx, entities));
      } catch (error) {
        // Another process took one of our numbers (unique violation), or wrote since this
        // transaction read the maxima (SQLite then refuses the write at once with SQLITE_BUSY): the
        // transaction rolled back, so read the maxima again.
        if (!(isUniqueViolation(error) || isLockTimeout(error)) || attempt >= MAX_ATTEMPTS) throw error;
      }
    }
  }

  private async insertAll(trx: Knex.Transaction, entities: readonly NewEntity[]): Promise<Entity[]> {
    const slugs = entities.map((e) => entitySlug(e.name));
    const highest = new Map<string, number>();
    const distinct = [...new Set(slugs)];
    for (let i = 0; i < distinct.length; i += CHUNK) {
      const rows: Array<{ slug: string; max: number | string | null }> = await trx('entities')
        .whereIn('slug', distinct.slice(i, i + CHUNK))
        .groupBy('slug')
        .select('slug')
        .max({ max: 'seq' });
      for (const row of rows) highest.set(row.slug, Number(row.max ?? 0));
    }
    const createdAt = this.clock.now().toISOString();
    const records = entities.map((entity, i): EntityRow => {
      const slug = slugs[i]!;
      const seq = (highest.get(slug) ?? 0) + 1;
      highest.set(slug, seq);
      return toRow(entity, slug, seq, createdAt);
    });
    for (let i = 0; i < records.length; i += CHUNK) await trx('entities').insert(records.slice(i, i + CHUNK));
    return records.map(toEntity);
  }

  async findById(id: string): Promise<Entity | undefined> {
    // An entity added a moment ago may not have reached the replica yet: a miss asks the primary.
    const row = await this.reads.run(
      (db) => db('entities').select(ENTITY_COLUMNS).where({ id }).first(),
      (found) => found === undefined,
    );
    return row ? toEntity(row) : undefined;
  }

  async list(): Promise<Entity[]> {
    const rows = await this.db('entities')
      .select(ENTITY_COLUMNS)
      .orderBy([{ column: 'created_at' }, { column: 'id' }]);
    return rows.map(toEntity);
  }

  async setStatus(id: string, status: EntityStatus): Promise<boolean> {
    return (await this.db('entities').where({ id }).update({ status })) > 0;
  }
}

function toRow(entity: NewEntity, slug: string, seq: number, createdAt: string): EntityRow {
  return {
    id: formatEntityId(slug, seq),
    slug,
    seq,
    name: entity.name,
    domain: entity.domain,
    type: entity.type,
    level: entity.level,
    coverage: entity.coverage,
    status: 'active',
    verified_at: entity.verifiedAt,
    expires_at: entity.expiresAt,
    created_at: createdAt,
  };
}
