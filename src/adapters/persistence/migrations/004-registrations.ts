import type { Migration } from './migration.js';

/** Shipped: never edit it, add the next. */
export const registrationsMigration: Migration = {
  name: '004_registrations',
  async up(db) {
    await db.schema.createTable('registrations', (t) => {
      t.string('id', 64).primary();
      t.string('domain', 253).notNullable().index();
      t.string('entity_name', 200).notNullable();
      t.string('entity_type', 32).notNullable();
      t.string('contact_email', 320).notNullable();
      t.string('website', 2048);
      t.string('client_id', 64).notNullable();
      t.string('status', 16).notNullable();
      t.string('verification_code', 64).notNullable();
      // Only the SHA-256 of the confirmation token is stored; the token itself is in the mail.
      t.string('token_hash', 64).notNullable().unique();
      t.string('created_at', 40).notNullable();
      t.string('expires_at', 40).notNullable();
      t.string('verified_at', 40);
      t.string('entity_id', 64);
      t.string('proof_method', 16);
      t.index(['client_id', 'created_at']);
      t.index(['contact_email', 'created_at']);
    });
    await db.schema.createTable('verification_attempts', (t) => {
      t.increments('id').primary();
      t.string('registration_id', 64);
      t.string('entity_id', 64);
      t.string('domain', 253).notNullable().index();
      t.string('method', 16).notNullable();
      t.string('looked_up', 2048).notNullable();
      t.string('attempted_at', 40).notNullable();
      t.string('result', 16).notNullable();
      t.string('detail', 500).notNullable();
    });
    await db.schema.createTable('entity_proofs', (t) => {
      t.string('entity_id', 64).primary();
      t.string('domain', 253).notNullable();
      t.string('method', 16).notNullable();
      t.string('verification_code', 64).notNullable();
      t.string('contact_email', 320).notNullable();
      t.string('last_checked_at', 40).notNullable();
      t.integer('failures').notNullable();
      t.string('first_failure_at', 40);
    });
    await db.schema.createTable('mail_outbox', (t) => {
      t.increments('id').primary();
      t.string('to', 320).notNullable();
      t.string('subject', 500).notNullable();
      t.text('text').notNullable();
      t.string('created_at', 40).notNullable();
    });
  },
};
