import type { Knex } from 'knex';
import { isSqlite } from '../create-knex.js';
import { FACT_PARTS, lockedRefreshStatements, rebuildStatements, refreshStatement } from '../verdict-facts-sql.js';
import type { Migration } from './migration.js';

/**
 * One row per name with every fact a verdict is judged from (its entities, blocks, latest report
 * summary, stored observations and ownership check, as JSON text), so that a cold GET /verify,
 * plain or with signals, is one indexed read of the name and its parents. Triggers keep each part
 * in the transaction of the write that changes it, whoever writes; existing data is copied in.
 */
export const verdictFactsMigration: Migration = {
  name: '013_verdict_facts',
  async up(db) {
    await db.schema.createTable('verdict_facts', (t) => {
      t.string('name', 253).primary();
      t.text('entities');
      t.text('blocks');
      t.text('report');
      t.text('observations');
      t.text('ownership');
    });
    if (isSqlite(db)) await sqliteTriggers(db);
    else await postgresTriggers(db);
    for (const statement of rebuildStatements(isSqlite(db) ? 'sqlite' : 'postgres')) await db.raw(statement);
  },
};

async function sqliteTriggers(db: Knex): Promise<void> {
  for (const part of FACT_PARTS) {
    for (const event of part.events) {
      // An update may move a row to another name: both names' parts are recomputed.
      const rows = event === 'INSERT' ? ['NEW'] : event === 'DELETE' ? ['OLD'] : ['OLD', 'NEW'];
      await db.raw(`
        CREATE TRIGGER verdict_facts_${part.table}_${event.toLowerCase()} AFTER ${event} ON ${part.table}
        BEGIN
          ${rows.map((row) => `${refreshStatement(part.column, `${row}.domain`, 'sqlite')};`).join('\n          ')}
        END`);
    }
  }
}

async function postgresTriggers(db: Knex): Promise<void> {
  // One function per part; SET search_path FROM CURRENT pins this schema for the body, whoever writes.
  for (const part of FACT_PARTS) {
    await db.raw(`
      CREATE FUNCTION refresh_verdict_facts_${part.column}() RETURNS trigger
      LANGUAGE plpgsql SET search_path FROM CURRENT AS $body$
      DECLARE
        one text;
      BEGIN
        FOREACH one IN ARRAY (CASE
          WHEN TG_OP = 'INSERT' THEN ARRAY[NEW.domain]
          WHEN TG_OP = 'DELETE' THEN ARRAY[OLD.domain]
          WHEN OLD.domain IS DISTINCT FROM NEW.domain THEN ARRAY[NEW.domain, OLD.domain]
          ELSE ARRAY[NEW.domain] END) LOOP
          ${lockedRefreshStatements(part.column, 'one').join(';\n          ')};
        END LOOP;
        RETURN NULL;
      END
      $body$`);
    await db.raw(`
      CREATE TRIGGER verdict_facts_${part.column} AFTER ${part.events.join(' OR ')} ON ${part.table}
      FOR EACH ROW EXECUTE FUNCTION refresh_verdict_facts_${part.column}()`);
  }
}
