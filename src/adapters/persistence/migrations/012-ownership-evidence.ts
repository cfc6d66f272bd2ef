import { isSqlite } from '../create-knex.js';
import type { Migration } from './migration.js';

/**
 * Ownership checks of names resembling a brand, and the RDAP registrants of brands' main domains.
 * A stored check records a change of its name (kind `ownership`) in `registry_changes`, so that every
 * process forgets its cached answers for that name within a second, whoever stored it (an
 * external=true look on another instance, the background job on a worker). Reuses 006's trigger
 * function.
 */
export const ownershipEvidenceMigration: Migration = {
  name: '012_ownership_evidence',
  async up(db) {
    await db.schema.createTable('ownership_checks', (t) => {
      t.string('domain', 253).primary();
      t.string('brand', 253).notNullable();
      t.string('checked_at', 40).notNullable();
      // JSON lists: the evidence found ({kind, detail}) and the looks that did not answer.
      t.text('evidence').notNullable();
      t.text('unanswered').notNullable();
    });
    await db.schema.createTable('rdap_registrants', (t) => {
      t.string('domain', 253).primary();
      t.string('organisation', 500);
      t.string('observed_at', 40).notNullable();
    });
    if (!isSqlite(db)) {
      await db.raw(`
        CREATE TRIGGER registry_changes_ownership AFTER INSERT OR UPDATE ON ownership_checks
        FOR EACH ROW EXECUTE FUNCTION record_registry_change('ownership')`);
      return;
    }
    for (const event of ['INSERT', 'UPDATE']) {
      await db.raw(`
        CREATE TRIGGER registry_changes_ownership_checks_${event.toLowerCase()} AFTER ${event} ON ownership_checks
        BEGIN
          INSERT INTO registry_changes (name, kind, changed_at) VALUES (NEW.domain, 'ownership', strftime('%Y-%m-%dT%H:%M:%fZ', 'now'));
        END`);
    }
  },
};
