import type { Migration } from './migration.js';

/** The payment destinations and keys bound to entities, each binding kept after it ends (`removed_at`). */
export const counterpartyBindingsMigration: Migration = {
  name: '019_counterparty_bindings',
  async up(db) {
    await db.schema.createTable('counterparty_bindings', (t) => {
      t.increments('id').primary();
      t.string('entity_id', 40).notNullable();
      t.string('entity_name', 300).notNullable();
      t.string('domain', 253).notNullable();
      t.string('kind', 16).notNullable();
      // The compared form (an EVM address in lowercase); `value` is the form shown.
      t.string('fact_key', 260).notNullable();
      t.string('value', 260).notNullable();
      t.string('how', 16).notNullable();
      t.string('source', 600).notNullable();
      t.string('since', 40).notNullable();
      t.string('removed_at', 40).nullable();
      t.index(['kind', 'fact_key', 'removed_at']);
      t.index(['entity_id', 'removed_at']);
    });
  },
};
