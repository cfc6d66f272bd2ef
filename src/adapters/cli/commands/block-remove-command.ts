import { inject, injectable } from 'inversify';
import { ManageBlocklist } from '../../../application/registry/manage-blocklist.js';
import type { CliCommand, CommandSpec } from '../cli-command.js';
import type { CliIo } from '../cli-io.js';

interface BlockRemoveInput {
  readonly domain: string;
}

const SPEC: CommandSpec<BlockRemoveInput> = {
  name: 'block remove',
  summary: 'unblock a domain',
  arguments: [{ name: 'DOMAIN', help: 'the domain, as it was blocked' }],
  parse: (args) => ({ domain: args.positionals[0]! }),
};

/** `vetted block remove DOMAIN`: ManageBlocklist.remove. */
@injectable()
export class BlockRemoveCommand implements CliCommand<BlockRemoveInput> {
  static readonly spec = SPEC;
  readonly spec = SPEC;

  constructor(@inject(ManageBlocklist) private readonly blocklist: ManageBlocklist) {}

  async run(input: BlockRemoveInput, io: CliIo): Promise<number> {
    const removed = await this.blocklist.remove(input.domain);
    io.out(removed ? `unblocked ${input.domain}` : `${input.domain} was not blocked`);
    return 0;
  }
}
