import type { BindingChange, BoundEntity, CounterpartyBindings } from '../../src/application/ports/counterparty-bindings.js';
import type { CounterpartyFact, CounterpartyKind } from '../../src/domain/counterparty/declaration.js';
import type { Binding, BindingSource } from '../../src/domain/counterparty/payment-check.js';

/** CounterpartyBindings in memory, for application tests (held to the same contract as the Knex adapter). */
export class InMemoryCounterpartyBindings implements CounterpartyBindings {
  private readonly rows: Array<{ binding: Binding; removedAt: string | null }> = [];

  async find(kind: CounterpartyKind, key: string): Promise<Binding[]> {
    return this.live().filter((b) => b.kind === kind && b.key === key);
  }

  async ofEntity(entityId: string): Promise<Binding[]> {
    return this.live().filter((b) => b.entityId === entityId);
  }

  async replace(how: BindingSource, entity: BoundEntity, facts: readonly CounterpartyFact[], source: string, now: string): Promise<BindingChange> {
    const current = this.rows.filter((r) => r.removedAt === null && r.binding.entityId === entity.id && r.binding.how === how);
    const wanted = new Set(facts.map((f) => `${f.kind} ${f.key}`));
    const removed = current.filter((r) => !wanted.has(`${r.binding.kind} ${r.binding.key}`));
    for (const row of removed) row.removedAt = now;
    const kept = new Set(current.map((r) => `${r.binding.kind} ${r.binding.key}`));
    const added = [...new Map(facts.map((f) => [`${f.kind} ${f.key}`, f])).values()]
      .filter((f) => !kept.has(`${f.kind} ${f.key}`))
      .map(
        (f): Binding => ({
          kind: f.kind,
          key: f.key,
          value: f.value,
          entityId: entity.id,
          entityName: entity.name,
          domain: entity.domain,
          how,
          source,
          since: now,
        }),
      );
    for (const binding of added) this.rows.push({ binding, removedAt: null });
    return { added, removed: removed.map((r) => r.binding) };
  }

  async unbindAll(entityId: string, now: string): Promise<Binding[]> {
    const ended = this.rows.filter((r) => r.removedAt === null && r.binding.entityId === entityId);
    for (const row of ended) row.removedAt = now;
    return ended.map((r) => r.binding);
  }

  private live(): Binding[] {
    return this.rows.filter((r) => r.removedAt === null).map((r) => r.binding);
  }
}
