import type { Knex } from 'knex';
import { isSqlite } from '../create-knex.js';
import type { Migration } from './migration.js';

const SQLITE_NOW = `strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`;

/**
 * Every binding and unbinding of a payment destination or key becomes a transparency-log leaf, as
 * the other verdict-changing writes do (017): recorded by a trigger in the writer's own
 * transaction, so a binding that commits is always logged. `counterparty.bound` carries the fact,
 * its entity, how and where it was declared and since when; `counterparty.unbound` when it ended.
 */
export const counterpartyLogMigration: Migration = {
  name: '020_counterparty_log',
  async up(db) {
    if (isSqlite(db)) await sqliteTriggers(db);
    else await postgresTriggers(db);
  },
};

const fields = (row: string, object: string) =>
  `${object}('entity_id', ${row}.entity_id, 'entity_name', ${row}.entity_name, 'domain', ${row}.domain, 'kind', ${row}.kind, 'value', ${row}.value, 'how', ${row}.how, 'source', ${row}.source, 'since', ${row}.since, 'removed_at', ${row}.removed_at)`;

async function sqliteTriggers(db: Knex): Promise<void> {
  await db.raw(`
    CREATE TRIGGER log_counterparty_bound AFTER INSERT ON counterparty_bindings
    BEGIN
      INSERT INTO log_pending (kind, name, data, changed_at) VALUES ('counterparty.bound', NEW.domain, ${fields('NEW', 'json_object')}, ${SQLITE_NOW});
    END`);
  await db.raw(`
    CREATE TRIGGER log_counterparty_unbound AFTER UPDATE ON counterparty_bindings
    WHEN OLD.removed_at IS NULL AND NEW.removed_at IS NOT NULL
    BEGIN
      INSERT INTO log_pending (kind, name, data, changed_at) VALUES ('counterparty.unbound', NEW.domain, ${fields('NEW', 'json_object')}, ${SQLITE_NOW});
    END`);
}

async function postgresTriggers(db: Knex): Promise<void> {
  await db.raw(`
    CREATE FUNCTION record_counterparty_log_write() RETURNS trigger
    LANGUAGE plpgsql SET search_path FROM CURRENT AS $body$
    DECLARE
      stamp text := to_char(clock_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"');
    BEGIN
      IF TG_OP = 'INSERT' THEN
        INSERT INTO log_pending (kind, name, data, changed_at) VALUES ('counterparty.bound', NEW.domain, ${fields('NEW', 'json_build_object')}::text, stamp);
      ELSIF OLD.removed_at IS NULL AND NEW.removed_at IS NOT NULL THEN
        INSERT INTO log_pending (kind, name, data, changed_at) VALUES ('counterparty.unbound', NEW.domain, ${fields('NEW', 'json_build_object')}::text, stamp);
      END IF;
      RETURN NULL;
    END
    $body$`);
  await db.raw(
    'CREATE TRIGGER log_counterparty_write AFTER INSERT OR UPDATE ON counterparty_bindings FOR EACH ROW EXECUTE FUNCTION record_counterparty_log_write()',
  );
}
