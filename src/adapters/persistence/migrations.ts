import type { Knex } from 'knex';
import { registryChangesMigration } from './migrations/006-registry-changes.js';
import { backgroundWorkMigration } from './migrations/007-background-work.js';
import { unclaimedDueIndexMigration } from './migrations/008-unclaimed-due-index.js';
import { observationChangesMigration } from './migrations/009-observation-changes.js';
import { observationRefreshMigration } from './migrations/010-observation-refresh.js';
import { watchesMigration } from './migrations/011-watches.js';
import { ownershipEvidenceMigration } from './migrations/012-ownership-evidence.js';

import type { Migration } from './migrations/migration.js';

// Migrations live in code so that they run the same from TypeScript and from the build; never
// edit one that has shipped, add the next.
const MIGRATIONS: readonly Migration[] = [
  {
    name: '001_registry',
    async up(db) {
      await db.schema.createTable('entities', (t) => {
        t.string('id', 64).primary();
        t.string('slug', 32).notNullable();
        t.integer('seq').notNullable();
        t.string('name', 200).notNullable();
        t.string('domain', 253).notNullable().index();
        t.string('type', 32).notNullable();
        t.string('level', 32).notNullable();
        t.string('coverage', 16).notNullable();
        t.string('status', 16).notNullable();
        t.string('verified_at', 40).notNullable();
        t.string('expires_at', 40).notNullable();
        t.string('created_at', 40).notNullable();
        t.unique(['slug', 'seq']);
      });
      await db.schema.createTable('blocked_domains', (t) => {
        t.string('domain', 253).primary();
        t.string('reason', 500).notNullable();
        t.string('blocked_at', 40).notNullable();
      });
    },
  },
  {
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
  },
  {
    name: '003_scan_admissions',
    async up(db) {
      await db.schema.createTable('scan_admissions', (t) => {
        t.increments('id').primary();
        t.string('client_id', 64).notNullable();
        t.string('domain', 253).notNullable();
        t.bigInteger('admitted_at_ms').notNullable();
        t.index(['client_id', 'admitted_at_ms']);
        t.index(['domain', 'admitted_at_ms']);
        t.index(['admitted_at_ms']);
      });
      // One row whose update serializes admission decisions across every process sharing the database.
      await db.schema.createTable('admission_lock', (t) => {
        t.integer('id').primary();
        t.bigInteger('decisions').notNullable();
      });
      await db('admission_lock').insert({ id: 1, decisions: 0 });
    },
  },
  {
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
  },
  {
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
  },
  registryChangesMigration,
  backgroundWorkMigration,
  unclaimedDueIndexMigration,
  observationChangesMigration,
  observationRefreshMigration,
  watchesMigration,
  ownershipEvidenceMigration,
];

/** The migration source handed to Knex: the list above, in order. */
export const migrationSource: Knex.MigrationSource<Migration> = {
  getMigrations: async () => [...MIGRATIONS],
  getMigrationName: (migration) => migration.name,
  getMigration: async (migration) => ({ up: (db: Knex) => migration.up(db), down: async () => undefined }),
};
