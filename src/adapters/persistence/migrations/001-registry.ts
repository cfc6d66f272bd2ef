import type { Migration } from './migration.js';

/** Shipped: never edit it, add the next. */
export const registryMigration: Migration = {
  name: '001_registry',
  async up(db) {
    await db.schema.createTable('entities', (t) => {
      t.string('id', 64).primary();
      t.string('slug', 32).notNullable();
      t.integer('seq').notNullable();
      t.string('name', 200).notNullable();
      t.string('domain', 253).notNullable().index();
      t.string('type', 32).notNullable();
      t.string('level', 32).notNullable();
      t.string('coverage', 16).notNullable();
      t.string('status', 16).notNullable();
      t.string('verified_at', 40).notNullable();
      t.string('expires_at', 40).notNullable();
      t.string('created_at', 40).notNullable();
      t.unique(['slug', 'seq']);
    });
    await db.schema.createTable('blocked_domains', (t) => {
      t.string('domain', 253).primary();
      t.string('reason', 500).notNullable();
      t.string('blocked_at', 40).notNullable();
    });
  },
};
