import { inject, injectable } from 'inversify';
import type { Knex } from 'knex';
import { AppError } from '../../application/errors.js';
import type { SchemaMigrator } from '../../application/ports/schema-migrator.js';
import { Database, describeDatabase } from './create-knex.js';
import { migrationSource } from './migrations/index.js';
import { isStoreUnreachable } from './storage-faults.js';

@injectable()
export class KnexSchemaMigrator implements SchemaMigrator {
  constructor(@inject(Database) private readonly db: Knex) {}

  /** Applies pending migrations; an unreachable database is SERVICE_UNAVAILABLE naming DATABASE_URL and where it points. */
  async migrate(): Promise<string[]> {
    try {
      const [, applied] = (await this.db.migrate.latest({ migrationSource })) as [number, string[]];
      return applied;
    } catch (error) {
      if (!isStoreUnreachable(error)) throw error;
      const reason = ((error as Error).message ?? String(error)).split('\n')[0]!.slice(0, 200);
      throw new AppError(
        'SERVICE_UNAVAILABLE',
        `the database named by DATABASE_URL (${describeDatabase(this.db)}) cannot be reached: ${reason}`,
        {},
        { cause: error },
      );
    }
  }
}
