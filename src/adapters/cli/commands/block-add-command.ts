import { inject, injectable } from 'inversify';
import { ManageBlocklist } from '../../../application/registry/manage-blocklist.js';
import type { CliCommand, CommandSpec } from '../cli-command.js';
import type { CliIo } from '../cli-io.js';

interface BlockAddInput {
  readonly domain: string;
  readonly reason?: string;
}

const SPEC: CommandSpec<BlockAddInput> = {
  name: 'block add',
  summary: 'block a domain and its subdomains',
  arguments: [{ name: 'DOMAIN', help: 'the domain to block' }],
  options: { reason: { type: 'string', value: 'REASON', help: 'what verify answers say about it; a standard sentence by default' } },
  parse: (args) => ({ domain: args.positionals[0]!, reason: args.string('reason') }),
};

/** `vetted block add DOMAIN [--reason REASON]`: ManageBlocklist.add. */
@injectable()
export class BlockAddCommand implements CliCommand<BlockAddInput> {
  static readonly spec = SPEC;
  readonly spec = SPEC;

  constructor(@inject(ManageBlocklist) private readonly blocklist: ManageBlocklist) {}

  async run(input: BlockAddInput, io: CliIo): Promise<number> {
    const { added } = await this.blocklist.add([{ domain: input.domain, reason: input.reason }]);
    io.out(added === 1 ? `blocked ${input.domain}` : `${input.domain} was already blocked`);
    return 0;
  }
}
