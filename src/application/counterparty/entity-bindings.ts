import { inject, injectable } from 'inversify';
import type { Binding } from '../../domain/counterparty/payment-check.js';
import { CounterpartyBindings } from '../ports/counterparty-bindings.js';

/** The payment destinations and keys bound to an entity now, oldest first (none without an entity): what its verdict page lists. */
@injectable()
export class EntityBindings {
  constructor(@inject(CounterpartyBindings) private readonly bindings: CounterpartyBindings) {}

  run(entityId: string | null): Promise<Binding[]> {
    return entityId === null ? Promise.resolve([]) : this.bindings.ofEntity(entityId);
  }
}
