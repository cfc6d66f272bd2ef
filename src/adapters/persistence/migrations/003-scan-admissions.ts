import type { Migration } from './migration.js';

/** Shipped: never edit it, add the next. */
export const scanAdmissionsMigration: Migration = {
  name: '003_scan_admissions',
  async up(db) {
    await db.schema.createTable('scan_admissions', (t) => {
      t.increments('id').primary();
      t.string('client_id', 64).notNullable();
      t.string('domain', 253).notNullable();
      t.bigInteger('admitted_at_ms').notNullable();
      t.index(['client_id', 'admitted_at_ms']);
      t.index(['domain', 'admitted_at_ms']);
      t.index(['admitted_at_ms']);
    });
    // One row whose update serializes admission decisions across every process sharing the database.
    await db.schema.createTable('admission_lock', (t) => {
      t.integer('id').primary();
      t.bigInteger('decisions').notNullable();
    });
    await db('admission_lock').insert({ id: 1, decisions: 0 });
  },
};
