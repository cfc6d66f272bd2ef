import type { Knex } from 'knex';
import { isSqlite } from '../create-knex.js';
import type { Migration } from './migration.js';

/**
 * Watches and what they are told: every registry write as it was made (`watch_changes`, filled
 * by triggers in the writer's own transaction, whoever writes), each watched domain's projection
 * of those writes with the state last announced, the events announced (numbered in the order
 * they were made), one delivery per event and watch, and each attempt at a delivery. One lock
 * row serializes the processing of the writes. Timestamps are ISO 8601 text, as elsewhere.
 */
export const watchesMigration: Migration = {
  name: '011_watches',
  async up(db) {
    await db.schema.createTable('watches', (t) => {
      t.string('id', 64).primary();
      t.string('domain', 253).notNullable().index();
      t.string('callback_url', 2048).notNullable();
      t.string('callback_host', 300).notNullable().index();
      t.text('events').notNullable();
      t.string('secret', 200).notNullable();
      t.string('token_hash', 64).notNullable().unique();
      t.string('client_id', 128).notNullable().index();
      t.string('status', 16).notNullable();
      t.string('disabled_reason', 500);
      t.string('failing_since', 40);
      t.string('created_at', 40).notNullable();
      t.string('delivering_until', 40);
    });
    await db.schema.createTable('watch_states', (t) => {
      t.string('domain', 253).primary();
      t.text('projection').notNullable();
      // Writes up to this one were already in what the projection was first read from.
      t.integer('as_of_seq').notNullable();
      t.string('updated_at', 40).notNullable();
    });
    await db.schema.createTable('watch_changes', (t) => {
      t.increments('seq').primary();
      t.string('name', 253).notNullable();
      t.string('kind', 16).notNullable();
      t.text('data').notNullable();
      t.string('changed_at', 40).notNullable();
      t.integer('processed').notNullable().defaultTo(0);
      t.index(['processed', 'seq']);
    });
    await db.schema.createTable('watch_lock', (t) => {
      t.integer('id').primary();
      t.integer('turns').notNullable();
    });
    await db('watch_lock').insert({ id: 1, turns: 0 });
    if (isSqlite(db)) await sqliteTriggers(db);
    else await postgresTriggers(db);
    await db.schema.createTable('watch_events', (t) => {
      t.increments('seq').primary();
      t.string('id', 64).notNullable().unique();
      t.string('domain', 253).notNullable().index();
      t.string('type', 32).notNullable();
      t.text('payload').notNullable();
      t.string('created_at', 40).notNullable();
    });
    await db.schema.createTable('webhook_deliveries', (t) => {
      t.string('id', 64).primary();
      t.string('watch_id', 64).notNullable();
      t.integer('event_seq').notNullable();
      t.string('state', 16).notNullable();
      t.integer('attempts').notNullable();
      t.string('next_attempt_at', 40).notNullable();
      t.string('first_attempt_at', 40);
      t.string('created_at', 40).notNullable();
      t.string('settled_at', 40);
      t.index(['watch_id', 'state', 'event_seq']);
      t.index(['state', 'next_attempt_at']);
    });
    await db.schema.createTable('webhook_attempts', (t) => {
      t.increments('id').primary();
      t.string('delivery_id', 64).notNullable().index();
      t.string('watch_id', 64).notNullable().index();
      t.integer('attempt').notNullable();
      t.string('at', 40).notNullable();
      t.integer('status');
      t.string('error', 300);
      t.integer('duration_ms').notNullable();
      t.string('outcome', 16).notNullable();
    });
  },
};

const ENTITY_JSON = (row: string) =>
  `json_object('id', ${row}.id, 'name', ${row}.name, 'domain', ${row}.domain, 'type', ${row}.type, 'level', ${row}.level, 'coverage', ${row}.coverage, 'status', ${row}.status, 'verified_at', ${row}.verified_at, 'expires_at', ${row}.expires_at)`;

async function sqliteTriggers(db: Knex): Promise<void> {
  const now = `strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`;
  const insert = (name: string, kind: string, data: string) =>
    `INSERT INTO watch_changes (name, kind, data, changed_at, processed) VALUES (${name}, '${kind}', ${data}, ${now}, 0);`;
  await db.raw(`CREATE TRIGGER watch_changes_entities_insert AFTER INSERT ON entities BEGIN ${insert('NEW.domain', 'entity', ENTITY_JSON('NEW'))} END`);
  await db.raw(`CREATE TRIGGER watch_changes_entities_update AFTER UPDATE ON entities BEGIN ${insert('NEW.domain', 'entity', ENTITY_JSON('NEW'))} END`);
  await db.raw(
    `CREATE TRIGGER watch_changes_entities_moved AFTER UPDATE OF domain ON entities WHEN OLD.domain <> NEW.domain BEGIN ${insert('OLD.domain', 'entity', ENTITY_JSON('NEW'))} END`,
  );
  await db.raw(
    `CREATE TRIGGER watch_changes_blocks_insert AFTER INSERT ON blocked_domains BEGIN ${insert('NEW.domain', 'block', "json_object('domain', NEW.domain, 'reason', NEW.reason, 'blocked_at', NEW.blocked_at)")} END`,
  );
  await db.raw(
    `CREATE TRIGGER watch_changes_blocks_delete AFTER DELETE ON blocked_domains BEGIN ${insert('OLD.domain', 'unblock', "json_object('domain', OLD.domain)")} END`,
  );
  await db.raw(`CREATE TRIGGER watch_changes_reports_insert AFTER INSERT ON reports BEGIN ${insert('NEW.domain', 'report', 'NEW.summary')} END`);
}

async function postgresTriggers(db: Knex): Promise<void> {
  await db.raw(`
    CREATE FUNCTION record_watch_change() RETURNS trigger
    LANGUAGE plpgsql SET search_path FROM CURRENT AS $body$
    DECLARE
      kind text := TG_ARGV[0];
      stamp text := to_char(clock_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"');
    BEGIN
      IF TG_TABLE_NAME = 'reports' THEN
        INSERT INTO watch_changes (name, kind, data, changed_at) VALUES (NEW.domain, kind, NEW.summary, stamp);
      ELSIF TG_OP = 'DELETE' THEN
        INSERT INTO watch_changes (name, kind, data, changed_at) VALUES (OLD.domain, kind, json_build_object('domain', OLD.domain)::text, stamp);
      ELSE
        INSERT INTO watch_changes (name, kind, data, changed_at) VALUES (NEW.domain, kind, row_to_json(NEW)::text, stamp);
        IF TG_OP = 'UPDATE' AND OLD.domain IS DISTINCT FROM NEW.domain THEN
          INSERT INTO watch_changes (name, kind, data, changed_at) VALUES (OLD.domain, kind, row_to_json(NEW)::text, stamp);
        END IF;
      END IF;
      RETURN NULL;
    END
    $body$`);
  const triggers = [
    ['entities', 'INSERT', 'entity'],
    ['entities', 'UPDATE', 'entity'],
    ['blocked_domains', 'INSERT', 'block'],
    ['blocked_domains', 'DELETE', 'unblock'],
    ['reports', 'INSERT', 'report'],
  ];
  for (const [table, event, kind] of triggers) {
    await db.raw(
      `CREATE TRIGGER watch_changes_${table}_${event!.toLowerCase()} AFTER ${event} ON ${table} FOR EACH ROW EXECUTE FUNCTION record_watch_change('${kind}')`,
    );
  }
}
