import type { Binding, BindingSource } from '../../domain/counterparty/payment-check.js';
import type { CounterpartyFact } from '../../domain/counterparty/declaration.js';

/** What one replacement of an entity's declared facts changed. */
export interface BindingChange {
  readonly added: readonly Binding[];
  readonly removed: readonly Binding[];
}

/** The entity a binding is for, as the answers name it. */
export interface BoundEntity {
  readonly id: string;
  readonly name: string;
  readonly domain: string;
}

/**
 * The payment destinations and keys bound to verified entities, with their history: a binding
 * is never deleted, only ended (`removed_at`), so when a destination was first bound stays known.
 * Adapters: KnexCounterpartyBindings (SQLite and PostgreSQL), InMemoryCounterpartyBindings in tests.
 */
export interface CounterpartyBindings {
  /** The bindings in force of the fact `kind`/`key`, to any entity, oldest first. */
  find(kind: CounterpartyFact['kind'], key: string): Promise<Binding[]>;
  /** The bindings in force of one entity, oldest first. */
  ofEntity(entityId: string): Promise<Binding[]>;
  /**
   * Makes the entity's bindings of one kind of source (`declared`, or `observed` in a signed scan
   * report) exactly `facts`, from `source`, at `now`: a new fact is bound since `now`, a fact no
   * longer there is ended, one still there keeps its date; the other source's bindings are left
   * alone. Atomic, so two instances re-checking the same entity cannot bind a fact twice.
   */
  replace(how: BindingSource, entity: BoundEntity, facts: readonly CounterpartyFact[], source: string, now: string): Promise<BindingChange>;
  /** Ends every binding of the entity (its proof is gone); answers the ones ended. */
  unbindAll(entityId: string, now: string): Promise<Binding[]>;
}
export const CounterpartyBindings = Symbol('CounterpartyBindings');
