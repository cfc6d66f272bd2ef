import type { Migration } from './migration.js';

/**
 * The first looks at names nobody observed: one claim per registrable domain (renewed once a day
 * at most) and the number of claims made in each UTC minute, the budget all instances share.
 */
export const observationClaimsMigration: Migration = {
  name: '018_observation_claims',
  async up(db) {
    await db.schema.createTable('observation_claims', (t) => {
      // A registrable domain, or `ownership:` and the name of an ownership check.
      t.string('zone', 300).primary();
      t.string('claimed_at', 40).notNullable().index();
    });
    await db.schema.createTable('observation_budget', (t) => {
      // The UTC minute, as the first 16 characters of an ISO 8601 instant (2026-12-01T20:15).
      t.string('minute', 16).primary();
      t.integer('used').notNullable();
    });
  },
};
