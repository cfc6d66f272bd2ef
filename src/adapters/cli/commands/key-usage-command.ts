import { inject, injectable } from 'inversify';
import { ReadUsage } from '../../../application/access/read-usage.js';
import { usageView } from '../../../application/views/usage-view.js';
import type { CliCommand, CommandSpec } from '../cli-command.js';
import type { CliIo } from '../cli-io.js';

interface KeyUsageInput {
  readonly id: string;
  readonly json: boolean;
}

const SPEC: CommandSpec<KeyUsageInput> = {
  name: 'key usage',
  summary: "an API key's public reads today and on the 30 days before",
  arguments: [{ name: 'KEY_ID', help: 'the key id (key_…)' }],
  options: { json: { type: 'boolean', help: 'print what GET /account/usage answers its holder' } },
  details: [
    "Without --json: the tier and quota, then one day a line, oldest first: the day and its count, separated by a tab. Counts are every instance's as of its last sync (each syncs once a second).",
  ],
  parse: (args) => ({ id: args.positionals[0]!, json: args.flag('json') }),
};

/** `vetted key usage KEY_ID [--json]`: ReadUsage.ofKey. */
@injectable()
export class KeyUsageCommand implements CliCommand<KeyUsageInput> {
  static readonly spec = SPEC;
  readonly spec = SPEC;

  constructor(@inject(ReadUsage) private readonly usage: ReadUsage) {}

  async run(input: KeyUsageInput, io: CliIo): Promise<number> {
    const view = usageView(await this.usage.ofKey(input.id));
    if (input.json) {
      io.out(JSON.stringify(view, null, 2));
      return 0;
    }
    io.out(
      `${view.key_id}\t${view.tier}\t${view.quota_per_day === null ? 'unlimited' : `${view.quota_per_day} a day`}\ttoday ${view.today.count}${view.today.remaining === null ? '' : `, ${view.today.remaining} left`}`,
    );
    for (const day of view.days) io.out(`${day.day}\t${day.count}`);
    return 0;
  }
}
