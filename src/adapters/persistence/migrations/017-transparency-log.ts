import type { Knex } from 'knex';
import { isSqlite } from '../create-knex.js';
import type { Migration } from './migration.js';

/**
 * The transparency log. `log_pending` holds every write that changes a verdict, recorded by
 * triggers in the writer's own transaction (so a write that commits is always logged, whoever
 * wrote it and whatever becomes of its process). The sequencer, under the `log_state` row lock,
 * moves pending rows into `log_entries` (numbered from 0 in the order it takes them) and
 * `log_hashes` (every complete subtree's hash, by stored-hash index), and keeps the tree's size,
 * root and signed checkpoint in `log_state`. `log_expiries` marks each entity expiry already logged.
 */
export const transparencyLogMigration: Migration = {
  name: '017_transparency_log',
  async up(db) {
    await db.schema.createTable('log_pending', (t) => {
      t.increments('id').primary();
      t.string('kind', 32).notNullable();
      t.string('name', 253).notNullable();
      t.text('data').notNullable();
      t.string('changed_at', 40).notNullable();
    });
    await db.schema.createTable('log_entries', (t) => {
      t.bigInteger('idx').primary();
      t.string('domain', 253).notNullable();
      t.text('body').notNullable();
      t.string('logged_at', 40).notNullable();
      t.index(['domain', 'idx']);
    });
    await db.schema.createTable('log_hashes', (t) => {
      t.bigInteger('idx').primary();
      t.string('hash', 64).notNullable();
    });
    await db.schema.createTable('log_state', (t) => {
      t.integer('id').primary();
      t.bigInteger('size').notNullable();
      t.string('root', 64).notNullable();
      t.text('checkpoint');
      t.bigInteger('checkpoint_size');
      t.string('signed_at', 40);
      // Expiries up to this instant were looked for: the next look starts a day before it.
      t.string('expiries_until', 40);
    });
    // One row per logged expiry: the entity id and the expiry it reached.
    await db.schema.createTable('log_expiries', (t) => {
      t.string('key', 120).primary();
    });
    await db.schema.alterTable('entities', (t) => {
      t.index(['expires_at'], 'entities_expires_at');
    });
    // The empty tree: SHA-256 of nothing.
    await db('log_state').insert({
      id: 1,
      size: 0,
      root: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
      checkpoint: null,
      checkpoint_size: null,
      signed_at: null,
      expiries_until: null,
    });
    if (isSqlite(db)) await sqliteTriggers(db);
    else await postgresTriggers(db);
  },
};

const SQLITE_NOW = `strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`;

/** [trigger, event, table, condition, kind, name, data]: what each write records, in SQLite's SQL. */
function sqliteWrites(): string[][] {
  const entity = (row: string) =>
    `json_object('id', ${row}.id, 'name', ${row}.name, 'domain', ${row}.domain, 'type', ${row}.type, 'level', ${row}.level, 'coverage', ${row}.coverage, 'status', ${row}.status, 'verified_at', ${row}.verified_at, 'expires_at', ${row}.expires_at)`;
  return [
    ['log_entity_added', 'INSERT', 'entities', '1', `'entity.verified'`, 'NEW.domain', entity('NEW')],
    [
      'log_entity_changed',
      'UPDATE',
      'entities',
      'OLD.status IS NOT NEW.status OR OLD.level IS NOT NEW.level OR OLD.expires_at IS NOT NEW.expires_at OR OLD.domain IS NOT NEW.domain OR OLD.name IS NOT NEW.name OR OLD.type IS NOT NEW.type OR OLD.coverage IS NOT NEW.coverage',
      `CASE WHEN NEW.status = 'revoked' AND OLD.status <> 'revoked' THEN 'entity.revoked' ELSE 'entity.changed' END`,
      'NEW.domain',
      entity('NEW'),
    ],
    [
      'log_block_added',
      'INSERT',
      'blocked_domains',
      '1',
      `'domain.blocked'`,
      'NEW.domain',
      `json_object('domain', NEW.domain, 'reason', NEW.reason, 'blocked_at', NEW.blocked_at)`,
    ],
    ['log_block_removed', 'DELETE', 'blocked_domains', '1', `'domain.unblocked'`, 'OLD.domain', `json_object('domain', OLD.domain)`],
    [
      'log_report_stored',
      'INSERT',
      'reports',
      '1',
      `'report.stored'`,
      'NEW.domain',
      `json_object('report_id', NEW.id, 'domain', NEW.domain, 'scanned_at', NEW.scanned_at, 'methodology_version', NEW.methodology_version, 'score', NEW.score, 'content_sha256', json_extract(NEW.signature, '$.contentSha256'))`,
    ],
  ];
}

async function sqliteTriggers(db: Knex): Promise<void> {
  for (const [trigger, event, table, condition, kind, name, data] of sqliteWrites()) {
    await db.raw(`
      CREATE TRIGGER ${trigger} AFTER ${event} ON ${table}
      WHEN ${condition}
      BEGIN
        INSERT INTO log_pending (kind, name, data, changed_at) VALUES (${kind}, ${name}, ${data}, ${SQLITE_NOW});
      END`);
  }
}

async function postgresTriggers(db: Knex): Promise<void> {
  const entity = (row: string) =>
    `json_build_object('id', ${row}.id, 'name', ${row}.name, 'domain', ${row}.domain, 'type', ${row}.type, 'level', ${row}.level, 'coverage', ${row}.coverage, 'status', ${row}.status, 'verified_at', ${row}.verified_at, 'expires_at', ${row}.expires_at)::text`;
  await db.raw(`
    CREATE FUNCTION record_log_write() RETURNS trigger
    LANGUAGE plpgsql SET search_path FROM CURRENT AS $body$
    DECLARE
      stamp text := to_char(clock_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"');
    BEGIN
      IF TG_TABLE_NAME = 'entities' THEN
        IF TG_OP = 'INSERT' THEN
          INSERT INTO log_pending (kind, name, data, changed_at) VALUES ('entity.verified', NEW.domain, ${entity('NEW')}, stamp);
        ELSIF (OLD.status, OLD.level, OLD.expires_at, OLD.domain, OLD.name, OLD.type, OLD.coverage) IS DISTINCT FROM (NEW.status, NEW.level, NEW.expires_at, NEW.domain, NEW.name, NEW.type, NEW.coverage) THEN
          INSERT INTO log_pending (kind, name, data, changed_at)
          VALUES (CASE WHEN NEW.status = 'revoked' AND OLD.status <> 'revoked' THEN 'entity.revoked' ELSE 'entity.changed' END, NEW.domain, ${entity('NEW')}, stamp);
        END IF;
      ELSIF TG_TABLE_NAME = 'blocked_domains' THEN
        IF TG_OP = 'INSERT' THEN
          INSERT INTO log_pending (kind, name, data, changed_at) VALUES ('domain.blocked', NEW.domain, json_build_object('domain', NEW.domain, 'reason', NEW.reason, 'blocked_at', NEW.blocked_at)::text, stamp);
        ELSE
          INSERT INTO log_pending (kind, name, data, changed_at) VALUES ('domain.unblocked', OLD.domain, json_build_object('domain', OLD.domain)::text, stamp);
        END IF;
      ELSE
        INSERT INTO log_pending (kind, name, data, changed_at) VALUES ('report.stored', NEW.domain,
          json_build_object('report_id', NEW.id, 'domain', NEW.domain, 'scanned_at', NEW.scanned_at, 'methodology_version', NEW.methodology_version, 'score', NEW.score, 'content_sha256', NEW.signature::json->>'contentSha256')::text, stamp);
      END IF;
      RETURN NULL;
    END
    $body$`);
  for (const [table, events] of [
    ['entities', 'INSERT OR UPDATE'],
    ['blocked_domains', 'INSERT OR DELETE'],
    ['reports', 'INSERT'],
  ] as const) {
    await db.raw(`CREATE TRIGGER log_write AFTER ${events} ON ${table} FOR EACH ROW EXECUTE FUNCTION record_log_write()`);
  }
}
