import type { Migration } from './migration.js';

/**
 * A partial index over the due time of proofs nobody holds: the sweep claims far ahead of the
 * workers, and without it every claim stepped over all the proofs claimed before it (a pass over
 * n proofs read about n²/200 index entries).
 */
export const unclaimedDueIndexMigration: Migration = {
  name: '008_unclaimed_due_index',
  async up(db) {
    await db.raw('CREATE INDEX entity_proofs_unclaimed_due_at_index ON entity_proofs (due_at) WHERE claimed_until IS NULL');
  },
};
