import type { Migration } from './migration.js';

/**
 * The purge state of each recorded write (see PurgeBacklog): who claimed its purge and until when,
 * and when it was purged. The change triggers of 006, 009 and 012 insert rows without these
 * columns, so every write starts owed; nothing but KnexPurgeBacklog reads them, and only while
 * CDN_PURGE_URL is set. The index serves the claim (owed rows, oldest first).
 */
export const cdnPurgesMigration: Migration = {
  name: '014_cdn_purges',
  async up(db) {
    await db.schema.alterTable('registry_changes', (t) => {
      t.string('purge_claim', 64);
      t.string('purge_claimed_until', 40);
      t.string('purged_at', 40);
    });
    await db.schema.alterTable('registry_changes', (t) => {
      t.index(['purged_at', 'id'], 'registry_changes_purge_owed');
    });
  },
};
