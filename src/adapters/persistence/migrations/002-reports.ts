import type { Migration } from './migration.js';

/** Shipped: never edit it, add the next. */
export const reportsMigration: Migration = {
  name: '002_reports',
  async up(db) {
    await db.schema.createTable('reports', (t) => {
      t.string('id', 64).primary();
      t.string('domain', 253).notNullable();
      t.string('scanned_at', 40).notNullable();
      t.string('methodology_version', 32).notNullable();
      t.integer('score').notNullable();
      // The report without its evidence, its summary (what verify reads), and the signature made
      // when it was saved, as JSON text.
      t.text('report').notNullable();
      t.text('summary').notNullable();
      t.text('signature').notNullable();
      t.index(['domain', 'scanned_at']);
    });
    await db.schema.createTable('report_evidence', (t) => {
      t.string('report_id', 64).notNullable().references('id').inTable('reports').onDelete('CASCADE');
      t.integer('n').notNullable();
      t.text('item').notNullable();
      t.primary(['report_id', 'n']);
    });
    await db.schema.createTable('signing_keys', (t) => {
      t.string('name', 32).primary();
      t.text('private_key_pem').notNullable();
      t.string('created_at', 40).notNullable();
    });
  },
};
