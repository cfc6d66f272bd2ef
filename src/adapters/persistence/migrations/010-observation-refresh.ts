import type { Migration } from './migration.js';

/**
 * When each active entity's domain is next due for its background observation refresh, and who
 * holds it. Two partial indexes over the due time, one for the domains nobody holds (what a claim
 * reads first) and one for the held ones (read for lapsed claims, a handful of rows), so that a
 * claim never steps over the whole table; both forms work on SQLite and PostgreSQL.
 */
export const observationRefreshMigration: Migration = {
  name: '010_observation_refresh',
  async up(db) {
    await db.schema.createTable('observation_refresh', (t) => {
      t.string('domain', 253).primary();
      t.string('due_at', 40).notNullable();
      t.string('claimed_until', 40);
    });
    await db.raw('CREATE INDEX observation_refresh_unclaimed_due_at_index ON observation_refresh (due_at) WHERE claimed_until IS NULL');
    await db.raw('CREATE INDEX observation_refresh_claimed_due_at_index ON observation_refresh (due_at) WHERE claimed_until IS NOT NULL');
  },
};
