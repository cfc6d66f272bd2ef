import type { Knex } from 'knex';
import { isSqlite } from '../create-knex.js';
import type { Migration } from './migration.js';

const SQLITE_NOW = `strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`;

/**
 * A binding or unbinding of a payment destination or key is a write watchers are told of
 * (`entity.counterparty.changed`): recorded in `watch_changes` by the writer's own transaction as
 * the other registry writes are (011), and in `registry_changes` so that the change feed asks for
 * the events job at once (006).
 */
export const counterpartyWatchChangesMigration: Migration = {
  name: '021_counterparty_watch_changes',
  async up(db) {
    if (isSqlite(db)) await sqliteTriggers(db);
    else await postgresTriggers(db);
  },
};

const fields = (object: string, bound: string) =>
  `${object}('entity_id', NEW.entity_id, 'domain', NEW.domain, 'kind', NEW.kind, 'value', NEW.value, 'how', NEW.how, 'source', NEW.source, 'since', NEW.since, 'removed_at', NEW.removed_at, 'bound', ${bound})`;

async function sqliteTriggers(db: Knex): Promise<void> {
  const body = (bound: string) => `
      INSERT INTO watch_changes (name, kind, data, changed_at, processed) VALUES (NEW.domain, 'counterparty', ${fields('json_object', bound)}, ${SQLITE_NOW}, 0);
      INSERT INTO registry_changes (name, kind, changed_at) VALUES (NEW.domain, 'counterparty', ${SQLITE_NOW});`;
  await db.raw(`CREATE TRIGGER watch_changes_counterparty_bound AFTER INSERT ON counterparty_bindings BEGIN ${body("json('true')")} END`);
  await db.raw(
    `CREATE TRIGGER watch_changes_counterparty_unbound AFTER UPDATE ON counterparty_bindings WHEN OLD.removed_at IS NULL AND NEW.removed_at IS NOT NULL BEGIN ${body("json('false')")} END`,
  );
}

async function postgresTriggers(db: Knex): Promise<void> {
  await db.raw(`
    CREATE FUNCTION record_counterparty_watch_change() RETURNS trigger
    LANGUAGE plpgsql SET search_path FROM CURRENT AS $body$
    DECLARE
      stamp text := to_char(clock_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"');
    BEGIN
      IF TG_OP = 'INSERT' THEN
        INSERT INTO watch_changes (name, kind, data, changed_at) VALUES (NEW.domain, 'counterparty', ${fields('json_build_object', 'true')}::text, stamp);
      ELSIF OLD.removed_at IS NULL AND NEW.removed_at IS NOT NULL THEN
        INSERT INTO watch_changes (name, kind, data, changed_at) VALUES (NEW.domain, 'counterparty', ${fields('json_build_object', 'false')}::text, stamp);
      ELSE
        RETURN NULL;
      END IF;
      RETURN NULL;
    END
    $body$`);
  await db.raw(
    'CREATE TRIGGER watch_changes_counterparty AFTER INSERT OR UPDATE ON counterparty_bindings FOR EACH ROW EXECUTE FUNCTION record_counterparty_watch_change()',
  );
  await db.raw(
    "CREATE TRIGGER registry_changes_counterparty AFTER INSERT OR UPDATE ON counterparty_bindings FOR EACH ROW EXECUTE FUNCTION record_registry_change('counterparty')",
  );
}
