import type { DomainName } from '../../domain/domain-name.js';
import type { Entity, EntityCoverage, EntityLevel, EntityStatus, EntityType } from '../../domain/entity.js';

/** What it takes to create an entity; the repository allocates the id. */
export interface NewEntity {
  readonly name: string;
  readonly domain: DomainName;
  readonly type: EntityType;
  readonly level: EntityLevel;
  readonly coverage: EntityCoverage;
  readonly verifiedAt: string;
  readonly expiresAt: string;
}

/** Stores the registry's entities. Adapters: KnexEntityRepository. Fake: InMemoryEntityRepository. */
export interface EntityRepository {
  /**
   * Stores a new active entity under a fresh id `ent_{slug}{n}`, n being one more than the highest
   * n of that slug; unique even when several processes create entities at once.
   */
  create(entity: NewEntity): Promise<Entity>;
  /**
   * Stores every new entity in one transaction, or none of them when any cannot be stored (the
   * error is thrown). Ids are allocated as `create` does, in the order given; returns the
   * entities in that order.
   */
  createMany(entities: readonly NewEntity[]): Promise<Entity[]>;
  /** The entity with this id, whatever its status, or undefined. */
  findById(id: string): Promise<Entity | undefined>;
  /** Every entity, oldest first. */
  list(): Promise<Entity[]>;
  /** Sets the status; false when no entity has this id. */
  setStatus(id: string, status: EntityStatus): Promise<boolean>;
}
export const EntityRepository = Symbol('EntityRepository');
