import { inject, injectable } from 'inversify';
import { isEntityId } from '../../domain/entity-id.js';
import type { Entity } from '../../domain/entity.js';
import { printable } from '../input/domain-input.js';
import { AppError } from '../errors.js';
import { EntityRepository } from '../ports/entity-repository.js';

/** GET /lookup/{entity-id}: one entity of the registry, whatever its status. */
@injectable()
export class LookupEntity {
  constructor(@inject(EntityRepository) private readonly entities: EntityRepository) {}

  async run(id: string): Promise<Entity> {
    if (!isEntityId(id)) {
      throw new AppError('VALIDATION_ERROR', `Invalid entity id "${printable(id)}": expected ent_ followed by letters and a number, e.g. ent_example001.`);
    }
    const entity = await this.entities.findById(id);
    if (!entity) throw new AppError('NOT_FOUND', `No entity with id ${id} is in the registry.`);
    return entity;
  }
}
