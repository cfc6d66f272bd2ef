import { nextRecheckAt } from '../../../domain/registration/proof-recheck.js';
import type { Migration } from './migration.js';

/**
 * Background work that many instances share: when each proof is next due (an indexed column, so
 * the re-check sweep reads due proofs in batches instead of the whole registry), who holds it, and
 * whether its revocation mail is still owed; and the scan jobs that POST /api/scan queues.
 */
export const backgroundWorkMigration: Migration = {
  name: '007_background_work',
  async up(db) {
    await db.schema.alterTable('entity_proofs', (t) => {
      t.string('due_at', 40);
      t.string('claimed_until', 40);
      t.boolean('revocation_mail_due').notNullable().defaultTo(false);
      t.index(['due_at']);
    });
    // Existing proofs get the due time their state implies, read and written in pages.
    for (let offset = 0; ; offset += 1000) {
      const rows = await db('entity_proofs')
        .select('entity_id', 'last_checked_at', 'failures', 'first_failure_at')
        .orderBy('entity_id')
        .limit(1000)
        .offset(offset);
      for (const r of rows) {
        const due = nextRecheckAt({ lastCheckedAt: r.last_checked_at, failures: Number(r.failures), firstFailureAt: r.first_failure_at });
        await db('entity_proofs').where({ entity_id: r.entity_id }).update({ due_at: due });
      }
      if (rows.length < 1000) break;
    }
    await db.schema.createTable('scan_jobs', (t) => {
      t.string('id', 64).primary();
      t.string('domain', 253).notNullable();
      t.string('client_id', 64).notNullable();
      // queued, running, done, failed
      t.string('state', 16).notNullable();
      // The probes finished so far, as JSON text: [{ probe, outcome, ms }].
      t.text('probes').notNullable();
      t.string('report_id', 64);
      t.string('error_code', 32);
      t.string('error_message', 500);
      t.string('created_at', 40).notNullable();
      t.string('updated_at', 40).notNullable();
      t.index(['created_at']);
    });
  },
};
