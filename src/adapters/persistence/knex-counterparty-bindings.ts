import { inject, injectable } from 'inversify';
import type { Knex } from 'knex';
import type { BindingChange, BoundEntity, CounterpartyBindings } from '../../application/ports/counterparty-bindings.js';
import type { CounterpartyFact, CounterpartyKind } from '../../domain/counterparty/declaration.js';
import type { Binding, BindingSource } from '../../domain/counterparty/payment-check.js';
import { Database } from './create-knex.js';

interface Row {
  id: number;
  entity_id: string;
  entity_name: string;
  domain: string;
  kind: string;
  fact_key: string;
  value: string;
  how: string;
  source: string;
  since: string;
}

const COLUMNS: string[] = ['id', 'entity_id', 'entity_name', 'domain', 'kind', 'fact_key', 'value', 'how', 'source', 'since'];

/** CounterpartyBindings on Knex: one row per binding, ended rather than deleted. */
@injectable()
export class KnexCounterpartyBindings implements CounterpartyBindings {
  constructor(@inject(Database) private readonly db: Knex) {}

  async find(kind: CounterpartyKind, key: string): Promise<Binding[]> {
    const rows = await this.db<Row>('counterparty_bindings').where({ kind, fact_key: key }).whereNull('removed_at').orderBy('id').select(COLUMNS);
    return rows.map(bindingOf);
  }

  async ofEntity(entityId: string): Promise<Binding[]> {
    const rows = await this.db<Row>('counterparty_bindings').where({ entity_id: entityId }).whereNull('removed_at').orderBy('id').select(COLUMNS);
    return rows.map(bindingOf);
  }

  replace(how: BindingSource, entity: BoundEntity, facts: readonly CounterpartyFact[], source: string, now: string): Promise<BindingChange> {
    return this.db.transaction(async (trx) => {
      // One writer per entity at a time: the entity's row is the lock on both engines.
      await lockEntity(trx, entity.id);
      const current = (await trx<Row>('counterparty_bindings').where({ entity_id: entity.id, how }).whereNull('removed_at').orderBy('id').select(COLUMNS)).map(
        bindingOf,
      );
      const wanted = new Map(facts.map((f) => [`${f.kind} ${f.key}`, f]));
      const removed = current.filter((b) => !wanted.has(`${b.kind} ${b.key}`));
      const kept = new Set(current.map((b) => `${b.kind} ${b.key}`));
      // Each fact once, however often it was given.
      const addedFacts = [...wanted.values()].filter((f) => !kept.has(`${f.kind} ${f.key}`));
      if (removed.length > 0)
        await trx('counterparty_bindings')
          .whereIn(
            'id',
            removed.map((b) => idOf(b)),
          )
          .update({ removed_at: now });
      const added: Binding[] = [];
      for (const fact of addedFacts) {
        const row = {
          entity_id: entity.id,
          entity_name: entity.name,
          domain: entity.domain,
          kind: fact.kind,
          fact_key: fact.key,
          value: fact.value,
          how,
          source,
          since: now,
        };
        await trx('counterparty_bindings').insert(row);
        added.push(bindingOf({ id: 0, ...row }));
      }
      return { added, removed };
    });
  }

  unbindAll(entityId: string, now: string): Promise<Binding[]> {
    return this.db.transaction(async (trx) => {
      await lockEntity(trx, entityId);
      const rows = await trx<Row>('counterparty_bindings').where({ entity_id: entityId }).whereNull('removed_at').select(COLUMNS);
      if (rows.length > 0) await trx('counterparty_bindings').where({ entity_id: entityId }).whereNull('removed_at').update({ removed_at: now });
      return rows.map(bindingOf);
    });
  }
}

// Rows carry their id for the update of ended bindings; the domain's Binding does not need it.
const IDS = new WeakMap<Binding, number>();
function idOf(binding: Binding): number {
  return IDS.get(binding)!;
}

// Rows as Knex returns them for the selected columns.
function bindingOf(raw: unknown): Binding {
  const row = raw as Row;
  const binding: Binding = {
    kind: row.kind as CounterpartyKind,
    key: row.fact_key,
    value: row.value,
    entityId: row.entity_id,
    entityName: row.entity_name,
    domain: row.domain,
    how: row.how as BindingSource,
    source: row.source,
    since: row.since,
  };
  IDS.set(binding, row.id);
  return binding;
}

async function lockEntity(trx: Knex.Transaction, entityId: string): Promise<void> {
  // PostgreSQL: the entity's row lock. SQLite: a write statement (matching nothing) takes the
  // database's write lock now, before the read, so another process's replacement waits for this one.
  if (trx.client.config.client === 'pg') await trx('entities').where({ id: entityId }).forUpdate().first('id');
  else await trx('counterparty_bindings').where({ id: -1 }).update({ removed_at: null });
}
