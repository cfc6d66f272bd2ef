import type { Migration } from './migration.js';

/** Shipped: never edit it, add the next. */
export const trustObservationsMigration: Migration = {
  name: '005_trust_observations',
  async up(db) {
    // The latest live observation of each kind (tls, domain_age, reputation) per domain, reused while fresh.
    await db.schema.createTable('trust_observations', (t) => {
      t.string('domain', 253).notNullable();
      t.string('kind', 32).notNullable();
      t.string('observed_at', 40).notNullable();
      t.text('payload').notNullable();
      t.primary(['domain', 'kind']);
    });
  },
};
