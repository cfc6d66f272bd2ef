import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import knex, { type Knex } from 'knex';
import { createKnex, isSqlite } from '../src/adapters/persistence/create-knex.js';
import { KnexSchemaMigrator } from '../src/adapters/persistence/knex-schema-migrator.js';
import { KnexVerdictFacts } from '../src/adapters/persistence/knex-verdict-facts.js';

export type Engine = 'sqlite' | 'postgres';

/** A fresh, migrated database for one benchmark: a SQLite file in a temporary folder, or a PostgreSQL database of its own. */
export interface BenchDatabase {
  readonly engine: Engine;
  /** The DATABASE_URL a service started on it gets. */
  readonly url: string;
  readonly db: Knex;
  /** Closes the pool and deletes the file or drops the database. */
  dispose(): Promise<void>;
}

/** Where PostgreSQL benchmarks make their databases; BENCH_PG_URL overrides, 'off' skips PostgreSQL. */
export const BENCH_PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export async function createBenchDatabase(engine: Engine, label: string): Promise<BenchDatabase> {
  if (engine === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), `vetted-bench-${label}-`));
    return migrated(engine, `sqlite:${join(dir, 'bench.sqlite')}`, async () => rmSync(dir, { recursive: true, force: true }));
  }
  const name = `vetted_bench_${label}_${process.pid}`;
  await admin(async (a) => {
    await a.raw(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await a.raw(`CREATE DATABASE ${name}`);
  });
  const url = Object.assign(new URL(BENCH_PG_URL), { pathname: `/${name}` }).toString();
  // FORCE ends the connections a killed service may have left behind.
  return migrated(engine, url, () => admin((a) => a.raw(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)));
}

async function migrated(engine: Engine, url: string, remove: () => Promise<void>): Promise<BenchDatabase> {
  const db = createKnex(url);
  await new KnexSchemaMigrator(db).migrate();
  return {
    engine,
    url,
    db,
    async dispose() {
      await db.destroy();
      await remove();
    },
  };
}

async function admin(work: (db: Knex) => Promise<unknown>): Promise<void> {
  const db = knex({ client: 'pg', connection: BENCH_PG_URL, pool: { min: 0, max: 1 } });
  try {
    await work(db);
  } finally {
    await db.destroy();
  }
}

/**
 * Runs `seed` with the registry_changes triggers off: a seeded registry is one whose changes were
 * pruned long ago, and a million trigger rows (and, on PostgreSQL, NOTIFYs) would only slow the
 * seeding and then the pruning under the measurement. `seed` gets a function that runs one
 * transaction with the triggers off.
 */
export async function withoutChangeTriggers(
  db: Knex,
  seed: (inTransaction: (work: (trx: Knex.Transaction) => Promise<void>) => Promise<void>) => Promise<void>,
): Promise<void> {
  if (!isSqlite(db)) {
    await seed((work) =>
      db.transaction(async (trx) => {
        await trx.raw('SET LOCAL session_replication_role = replica');
        await work(trx);
      }),
    );
    // What the triggers would have kept, made from the tables at once, as `vetted facts rebuild` does.
    await new KnexVerdictFacts(db).rebuild();
    return;
  }
  // SQLite cannot switch triggers off: drop them and create them again from their own text.
  const triggers: { name: string; sql: string }[] = await db('sqlite_master').where({ type: 'trigger' }).select('name', 'sql');
  for (const t of triggers) await db.raw(`DROP TRIGGER "${t.name}"`);
  try {
    await seed((work) => db.transaction(work));
  } finally {
    for (const t of triggers) await db.raw(t.sql);
  }
  await new KnexVerdictFacts(db).rebuild();
}

/** Column statistics for the planner (ANALYZE), as autovacuum would gather them on PostgreSQL. */
export async function analyze(db: Knex): Promise<void> {
  await db.raw('ANALYZE');
}
