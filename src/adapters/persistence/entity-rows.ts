import type { DomainName } from '../../domain/domain-name.js';
import type { Entity, EntityCoverage, EntityLevel, EntityStatus, EntityType } from '../../domain/entity.js';

/** The columns of the entities table. */
export interface EntityRow {
  id: string;
  slug: string;
  seq: number;
  name: string;
  domain: string;
  type: string;
  level: string;
  coverage: string;
  status: string;
  verified_at: string;
  expires_at: string;
  created_at: string;
}

export const ENTITY_COLUMNS = ['id', 'name', 'domain', 'type', 'level', 'coverage', 'status', 'verified_at', 'expires_at'] as const;

export function toEntity(row: Pick<EntityRow, (typeof ENTITY_COLUMNS)[number]>): Entity {
  return {
    id: row.id,
    name: row.name,
    domain: row.domain as DomainName,
    type: row.type as EntityType,
    level: row.level as EntityLevel,
    coverage: row.coverage as EntityCoverage,
    status: row.status as EntityStatus,
    verifiedAt: row.verified_at,
    expiresAt: row.expires_at,
  };
}
