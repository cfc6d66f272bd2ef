import { inject, injectable } from 'inversify';
import { ManageBlocklist } from '../../../application/registry/manage-blocklist.js';
import type { CliCommand, CommandSpec } from '../cli-command.js';
import type { CliIo } from '../cli-io.js';
import { blockJson } from '../cli-json.js';

interface BlockListInput {
  readonly json: boolean;
}

const SPEC: CommandSpec<BlockListInput> = {
  name: 'block list',
  summary: 'list the blocked domains',
  options: { json: { type: 'boolean', help: 'print an array of {domain, reason, blocked_at}' } },
  details: ['Without --json: one block a line, its domain, when it was blocked and the reason, separated by tabs.'],
  parse: (args) => ({ json: args.flag('json') }),
};

/** `vetted block list [--json]`: ManageBlocklist.list. */
@injectable()
export class BlockListCommand implements CliCommand<BlockListInput> {
  static readonly spec = SPEC;
  readonly spec = SPEC;

  constructor(@inject(ManageBlocklist) private readonly blocklist: ManageBlocklist) {}

  async run(input: BlockListInput, io: CliIo): Promise<number> {
    const blocks = await this.blocklist.list();
    if (input.json) io.out(JSON.stringify(blocks.map(blockJson), null, 2));
    else for (const b of blocks) io.out([b.domain, b.blockedAt, b.reason].join('\t'));
    return 0;
  }
}
