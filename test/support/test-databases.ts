import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import knex, { type Knex } from 'knex';
import { createKnex, type DatabaseOptions } from '../../src/adapters/persistence/create-knex.js';
import { KnexSchemaMigrator } from '../../src/adapters/persistence/knex-schema-migrator.js';

/** A fresh, migrated database of one kind, and how to throw it away. */
export interface TestDatabase {
  readonly db: Knex;
  /** The DATABASE_URL and options that open the same database again (a second app instance). */
  readonly url: string;
  readonly options: DatabaseOptions;
  dispose(): Promise<void>;
}

export interface DatabaseKind {
  readonly name: 'sqlite' | 'postgres';
  /** Opens a new empty database (its own file, or its own PostgreSQL schema), migrated unless told not to. */
  create(options?: { migrate?: boolean }): Promise<TestDatabase>;
}

const PG_URL = process.env.VETTED_TEST_PG_URL;
let announced = false;

/** SQLite always; PostgreSQL when VETTED_TEST_PG_URL is set (one line says when it is skipped). */
export function databaseKinds(): DatabaseKind[] {
  if (!PG_URL && !announced) {
    announced = true;
    console.log('  (PostgreSQL suites skipped: VETTED_TEST_PG_URL is not set)');
  }
  return PG_URL ? [sqliteKind, postgresKind(PG_URL)] : [sqliteKind];
}

// Migrating a new file costs about 100 ms and the suites open hundreds: each process migrates one
// file once, closes it (checkpointing its WAL into the file) and copies it for every database after.
let migratedTemplate: Promise<string> | undefined;

async function migratedSqliteFile(): Promise<string> {
  migratedTemplate ??= (async () => {
    const dir = mkdtempSync(join(tmpdir(), 'vetted-template-'));
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
    const file = join(dir, 'vetted.sqlite');
    const db = createKnex(`sqlite:${file}`);
    try {
      await new KnexSchemaMigrator(db).migrate();
    } finally {
      await db.destroy();
    }
    return file;
  })();
  return migratedTemplate;
}

const sqliteKind: DatabaseKind = {
  name: 'sqlite',
  async create({ migrate = true } = {}) {
    const dir = mkdtempSync(join(tmpdir(), 'vetted-test-'));
    const file = join(dir, 'vetted.sqlite');
    if (migrate) copyFileSync(await migratedSqliteFile(), file);
    const url = `sqlite:${file}`;
    const db = createKnex(url);
    // The copy is migrated already; this only confirms it (one read of knex_migrations).
    if (migrate) await new KnexSchemaMigrator(db).migrate();
    return {
      db,
      url,
      options: {},
      async dispose() {
        await db.destroy();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  },
};

function postgresKind(url: string): DatabaseKind {
  return {
    name: 'postgres',
    async create({ migrate = true } = {}) {
      const schema = `vetted_test_${randomBytes(6).toString('hex')}`;
      const db = createKnex(url, { schema });
      if (migrate) await new KnexSchemaMigrator(db).migrate();
      return {
        db,
        url,
        options: { schema },
        async dispose() {
          await db.destroy();
          const admin = knex({ client: 'pg', connection: url, pool: { min: 0, max: 1 } });
          try {
            await admin.raw(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
            // The job queue's own schema, when a service ran on this database (see buildContainer).
            await admin.raw(`DROP SCHEMA IF EXISTS "${schema}_jobs" CASCADE`);
          } finally {
            await admin.destroy();
          }
        },
      };
    },
  };
}
