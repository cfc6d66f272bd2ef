import { inject, injectable } from 'inversify';
import { ManageApiKeys } from '../../../application/access/manage-api-keys.js';
import type { CliCommand, CommandSpec } from '../cli-command.js';
import type { CliIo } from '../cli-io.js';
import { apiKeyJson } from '../cli-json.js';

interface KeyListInput {
  readonly json: boolean;
}

const SPEC: CommandSpec<KeyListInput> = {
  name: 'key list',
  summary: 'list the API keys, newest first',
  options: { json: { type: 'boolean', help: 'print an array of {key_id, tier, name, entity_id, created_at, revoked_at, last_used_at}' } },
  details: [
    'Without --json: one key a line: its id, tier, state (active or revoked), creation, last use (- when never) and name, separated by tabs. Keys themselves are never shown again.',
  ],
  parse: (args) => ({ json: args.flag('json') }),
};

/** `vetted key list [--json]`: ManageApiKeys.list. */
@injectable()
export class KeyListCommand implements CliCommand<KeyListInput> {
  static readonly spec = SPEC;
  readonly spec = SPEC;

  constructor(@inject(ManageApiKeys) private readonly keys: ManageApiKeys) {}

  async run(input: KeyListInput, io: CliIo): Promise<number> {
    const keys = await this.keys.list();
    if (input.json) io.out(JSON.stringify(keys.map(apiKeyJson), null, 2));
    else for (const k of keys) io.out([k.id, k.tier, k.revokedAt ? 'revoked' : 'active', k.createdAt, k.lastUsedAt ?? '-', k.name].join('\t'));
    return 0;
  }
}
