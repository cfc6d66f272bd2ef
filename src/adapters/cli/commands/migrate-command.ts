import { inject, injectable } from 'inversify';
import { SchemaMigrator } from '../../../application/ports/schema-migrator.js';
import type { CliCommand, CommandSpec } from '../cli-command.js';
import type { CliIo } from '../cli-io.js';

const SPEC: CommandSpec<null> = {
  name: 'migrate',
  summary: 'bring the database schema up to date',
  details: ['Prints the migrations it applied. Every other command does this first.'],
  skipMigration: true,
  parse: () => null,
};

/** `vetted migrate`: SchemaMigrator. */
@injectable()
export class MigrateCommand implements CliCommand<null> {
  static readonly spec = SPEC;
  readonly spec = SPEC;

  constructor(@inject(SchemaMigrator) private readonly migrator: SchemaMigrator) {}

  async run(_input: null, io: CliIo): Promise<number> {
    const applied = await this.migrator.migrate();
    io.out(applied.length > 0 ? `applied: ${applied.join(', ')}` : 'the schema is up to date');
    return 0;
  }
}
