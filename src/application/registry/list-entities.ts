import { inject, injectable } from 'inversify';
import type { Entity } from '../../domain/entity.js';
import { EntityRepository } from '../ports/entity-repository.js';

/** Every entity of the registry, oldest first (`vetted entity list`). */
@injectable()
export class ListEntities {
  constructor(@inject(EntityRepository) private readonly entities: EntityRepository) {}

  run(): Promise<Entity[]> {
    return this.entities.list();
  }
}
