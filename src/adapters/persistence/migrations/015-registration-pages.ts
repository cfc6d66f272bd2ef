import type { Migration } from './migration.js';

/**
 * The registration page: the SHA-256 of its token (registrations made before have none, so no
 * page), and when its last "Check now" started, which spaces checks across every instance. The
 * index on attempts serves the page's last result (a registration's newest attempts).
 */
export const registrationPagesMigration: Migration = {
  name: '015_registration_pages',
  async up(db) {
    await db.schema.alterTable('registrations', (t) => {
      t.string('page_token_hash', 64).unique();
      t.string('checked_at', 40);
    });
    await db.schema.alterTable('verification_attempts', (t) => {
      t.index(['registration_id', 'attempted_at'], 'verification_attempts_registration');
    });
  },
};
