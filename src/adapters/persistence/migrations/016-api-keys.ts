import type { Knex } from 'knex';
import { isSqlite } from '../create-knex.js';
import { REGISTRY_CHANGES_CHANNEL } from './006-registry-changes.js';
import type { Migration } from './migration.js';

/**
 * API keys (their SHA-256, never the key) and the daily request counts every instance adds to
 * (see UsageLedger); the index on day serves pruning. Every written key records a change named
 * `key:<id>` (kind `api_key`) in `registry_changes`, so that every instance forgets what it cached
 * of the key within a second, whoever revoked it. The change is recorded as purged already: a key
 * is no name the CDN caches answers under, so the purge backlog (014) has nothing to drop for it.
 */
export const apiKeysMigration: Migration = {
  name: '016_api_keys',
  async up(db) {
    await db.schema.createTable('api_keys', (t) => {
      t.string('id', 16).primary();
      t.string('key_hash', 64).notNullable().unique();
      t.string('tier', 16).notNullable();
      t.string('name', 200).notNullable();
      t.string('entity_id', 64);
      t.string('created_at', 40).notNullable();
      t.string('revoked_at', 40);
    });
    await db.schema.createTable('api_usage', (t) => {
      t.string('subject', 80).notNullable();
      t.string('day', 10).notNullable();
      t.bigInteger('count').notNullable();
      t.string('last_used_at', 40);
      t.primary(['subject', 'day']);
      t.index(['day'], 'api_usage_day');
    });
    if (isSqlite(db)) await sqliteTriggers(db);
    else await postgresTriggers(db);
  },
};

async function sqliteTriggers(db: Knex): Promise<void> {
  const now = `strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`;
  for (const event of ['INSERT', 'UPDATE']) {
    await db.raw(`
      CREATE TRIGGER registry_changes_api_keys_${event.toLowerCase()} AFTER ${event} ON api_keys
      BEGIN
        INSERT INTO registry_changes (name, kind, changed_at, purged_at) VALUES ('key:' || NEW.id, 'api_key', ${now}, ${now});
      END`);
  }
}

async function postgresTriggers(db: Knex): Promise<void> {
  // Its own function rather than 006's, which names rows by their domain and leaves purged_at
  // unset; the same search_path pinning, for the same reason.
  await db.raw(`
    CREATE FUNCTION record_api_key_change() RETURNS trigger
    LANGUAGE plpgsql SET search_path FROM CURRENT AS $body$
    DECLARE
      stamp text := to_char(clock_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"');
      changed text := 'key:' || NEW.id;
    BEGIN
      INSERT INTO registry_changes (name, kind, changed_at, purged_at) VALUES (changed, 'api_key', stamp, stamp);
      PERFORM pg_notify('${REGISTRY_CHANGES_CHANNEL}', current_schema() || ' ' || changed);
      RETURN NULL;
    END
    $body$`);
  await db.raw(`
    CREATE TRIGGER registry_changes_api_key AFTER INSERT OR UPDATE ON api_keys
    FOR EACH ROW EXECUTE FUNCTION record_api_key_change()`);
}
