import { inject, injectable } from 'inversify';
import { ImportEntities } from '../../../application/registry/import-entities.js';
import type { CliCommand, CommandSpec } from '../cli-command.js';
import type { CliIo } from '../cli-io.js';
import { parseEntityFile } from '../entity-file.js';
import { readText } from '../read-files.js';

interface EntityImportInput {
  readonly file: string;
}

const SPEC: CommandSpec<EntityImportInput> = {
  name: 'entity import',
  summary: 'add every entity of FILE, all or nothing',
  queuesJobs: true,
  arguments: [
    {
      name: 'FILE',
      help: 'JSON Lines (.jsonl, one object a line) or CSV (.csv) with a header line; without either extension, a file starting with { is JSON Lines',
    },
  ],
  details: [
    'Fields: domain, name, and optional type, level, expires_at, as entity add takes them (an empty CSV field takes the default). CSV fields cannot be quoted: a name with a comma or a double quote needs JSON Lines.',
    'Every line is checked first: one bad line is named (line 3: domain is required) and nothing is imported; otherwise all are stored at once and the count printed.',
  ],
  parse: (args) => ({ file: args.positionals[0]! }),
};

/** `vetted entity import FILE`: ImportEntities. */
@injectable()
export class EntityImportCommand implements CliCommand<EntityImportInput> {
  static readonly spec = SPEC;
  readonly spec = SPEC;

  constructor(@inject(ImportEntities) private readonly importEntities: ImportEntities) {}

  async run(input: EntityImportInput, io: CliIo): Promise<number> {
    const created = await this.importEntities.run(parseEntityFile(input.file, await readText(input.file)));
    io.out(`added ${created.length} ${created.length === 1 ? 'entity' : 'entities'}`);
    return 0;
  }
}
