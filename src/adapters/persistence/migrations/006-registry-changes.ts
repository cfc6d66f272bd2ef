import type { Knex } from 'knex';
import { isSqlite } from '../create-knex.js';
import type { Migration } from './migration.js';

/** The NOTIFY channel of PgListenChangeFeed; the payload is `<schema> <name>`. */
export const REGISTRY_CHANGES_CHANNEL = 'vetted_registry_changes';

/** Which table write records which kind of change: [table, event, row, kind]. */
const WRITES = [
  ['entities', 'INSERT', 'NEW', 'entity'],
  ['entities', 'UPDATE', 'NEW', 'entity'],
  ['blocked_domains', 'INSERT', 'NEW', 'block'],
  ['blocked_domains', 'DELETE', 'OLD', 'unblock'],
  ['reports', 'INSERT', 'NEW', 'report'],
] as const;

/**
 * The change table and the triggers that fill it (see ChangeFeed). Triggers rather than code in the
 * repositories, so that every writer records its change in its own transaction: the CLI, another
 * instance, a worker, or an operator's SQL.
 */
export const registryChangesMigration: Migration = {
  name: '006_registry_changes',
  async up(db) {
    await db.schema.createTable('registry_changes', (t) => {
      t.increments('id').primary();
      t.string('name', 253).notNullable();
      t.string('kind', 16).notNullable();
      t.string('changed_at', 40).notNullable().index();
    });
    if (isSqlite(db)) await sqliteTriggers(db);
    else await postgresTriggers(db);
  },
};

async function sqliteTriggers(db: Knex): Promise<void> {
  // AUTOINCREMENT (from increments) never reuses an id after pruning, and SQLite's single writer
  // commits in id order, so "id > last seen" misses nothing.
  const now = `strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`;
  for (const [table, event, row, kind] of WRITES) {
    await db.raw(`
      CREATE TRIGGER registry_changes_${table}_${event.toLowerCase()} AFTER ${event} ON ${table}
      BEGIN
        INSERT INTO registry_changes (name, kind, changed_at) VALUES (${row}.domain, '${kind}', ${now});
      END`);
  }
  // An entity moved to another domain changes the old name too.
  await db.raw(`
    CREATE TRIGGER registry_changes_entities_moved AFTER UPDATE OF domain ON entities
    WHEN OLD.domain <> NEW.domain
    BEGIN
      INSERT INTO registry_changes (name, kind, changed_at) VALUES (OLD.domain, 'entity', ${now});
    END`);
}

async function postgresTriggers(db: Knex): Promise<void> {
  // Created in the current schema; SET search_path FROM CURRENT pins that schema for the body, so
  // the trigger writes to this schema's table and names it in the notice, whoever writes.
  await db.raw(`
    CREATE FUNCTION record_registry_change() RETURNS trigger
    LANGUAGE plpgsql SET search_path FROM CURRENT AS $body$
    DECLARE
      kind text := TG_ARGV[0];
      stamp text := to_char(clock_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"');
      changed text[];
      one text;
    BEGIN
      IF TG_OP = 'DELETE' THEN
        changed := ARRAY[OLD.domain];
      ELSIF TG_OP = 'UPDATE' AND OLD.domain IS DISTINCT FROM NEW.domain THEN
        changed := ARRAY[NEW.domain, OLD.domain];
      ELSE
        changed := ARRAY[NEW.domain];
      END IF;
      FOREACH one IN ARRAY changed LOOP
        INSERT INTO registry_changes (name, kind, changed_at) VALUES (one, kind, stamp);
        PERFORM pg_notify('${REGISTRY_CHANGES_CHANNEL}', current_schema() || ' ' || one);
      END LOOP;
      RETURN NULL;
    END
    $body$`);
  for (const [table, event, , kind] of WRITES) {
    await db.raw(`
      CREATE TRIGGER registry_changes_${event.toLowerCase()} AFTER ${event} ON ${table}
      FOR EACH ROW EXECUTE FUNCTION record_registry_change('${kind}')`);
  }
}
