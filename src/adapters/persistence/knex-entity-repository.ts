import { inject, injectable } from 'inversify';
import type { Knex } from 'knex';
import type { EntityRepository, NewEntity } from '../../application/ports/entity-repository.js';
import { entitySlug, formatEntityId } from '../../domain/entity-id.js';
import type { Entity, EntityStatus } from '../../domain/entity.js';
import { Database } from './create-knex.js';
import { ENTITY_COLUMNS, toEntity, type EntityRow } from './entity-rows.js';
import { isUniqueViolation } from './sql-errors.js';

const MAX_ATTEMPTS = 20;

@injectable()
export class KnexEntityRepository implements EntityRepository {
  constructor(@inject(Database) private readonly db: Knex) {}

  async create(entity: NewEntity): Promise<Entity> {
    const slug = entitySlug(entity.name);
    for (let attempt = 1; ; attempt++) {
      // Optimistic allocation: another process may take the same number first; the unique
      // constraint on (slug, seq) then fails this insert and we read the new maximum again.
      const row = await this.db('entities').where({ slug }).max({ max: 'seq' }).first();
      const seq = Number(row?.max ?? 0) + 1;
      const id = formatEntityId(slug, seq);
      const record: EntityRow = {
        id,
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
        created_at: new Date().toISOString(),
      };
      try {
        await this.db('entities').insert(record);
        return toEntity(record);
      } catch (error) {
        if (!isUniqueViolation(error) || attempt >= MAX_ATTEMPTS) throw error;
      }
    }
  }

  async findById(id: string): Promise<Entity | undefined> {
    const row = await this.db('entities').select(ENTITY_COLUMNS).where({ id }).first();
    return row ? toEntity(row) : undefined;
  }

  async list(): Promise<Entity[]> {
    const rows = await this.db('entities').select(ENTITY_COLUMNS).orderBy([{ column: 'created_at' }, { column: 'id' }]);
    return rows.map(toEntity);
  }

  async setStatus(id: string, status: EntityStatus): Promise<boolean> {
    return (await this.db('entities').where({ id }).update({ status })) > 0;
  }
}
