import { inject, injectable } from 'inversify';
import type { Knex } from 'knex';
import type { SchemaMigrator } from '../../application/ports/schema-migrator.js';
import { Database } from './create-knex.js';
import { migrationSource } from './migrations.js';

@injectable()
export class KnexSchemaMigrator implements SchemaMigrator {
  constructor(@inject(Database) private readonly db: Knex) {}

  async migrate(): Promise<string[]> {
    const [, applied] = (await this.db.migrate.latest({ migrationSource })) as [number, string[]];
    return applied;
  }
}
