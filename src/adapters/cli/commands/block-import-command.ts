import { inject, injectable } from 'inversify';
import { ManageBlocklist } from '../../../application/registry/manage-blocklist.js';
import { parseBlocklistFile } from '../blocklist-file.js';
import type { CliCommand, CommandSpec } from '../cli-command.js';
import type { CliIo } from '../cli-io.js';
import { readText } from '../read-files.js';

interface BlockImportInput {
  readonly file: string;
}

const SPEC: CommandSpec<BlockImportInput> = {
  name: 'block import',
  summary: 'block every domain of FILE, all or nothing',
  arguments: [{ name: 'FILE', help: 'one domain a line, optionally followed by a reason; # starts a comment' }],
  details: ['One line that is not a domain and nothing is blocked. Prints how many were blocked and how many already were.'],
  parse: (args) => ({ file: args.positionals[0]! }),
};

/** `vetted block import FILE`: ManageBlocklist.add, all at once. */
@injectable()
export class BlockImportCommand implements CliCommand<BlockImportInput> {
  static readonly spec = SPEC;
  readonly spec = SPEC;

  constructor(@inject(ManageBlocklist) private readonly blocklist: ManageBlocklist) {}

  async run(input: BlockImportInput, io: CliIo): Promise<number> {
    const { added, alreadyBlocked } = await this.blocklist.add(parseBlocklistFile(await readText(input.file)));
    io.out(`imported ${added} domains, ${alreadyBlocked} already blocked`);
    return 0;
  }
}
