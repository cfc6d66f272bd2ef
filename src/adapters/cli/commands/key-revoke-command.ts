import { inject, injectable } from 'inversify';
import { ManageApiKeys } from '../../../application/access/manage-api-keys.js';
import type { CliCommand, CommandSpec } from '../cli-command.js';
import type { CliIo } from '../cli-io.js';

interface KeyRevokeInput {
  readonly id: string;
}

const SPEC: CommandSpec<KeyRevokeInput> = {
  name: 'key revoke',
  summary: 'revoke an API key for good',
  arguments: [{ name: 'KEY_ID', help: 'the key id (key_…), as "vetted key list" shows it' }],
  details: ['Every instance refuses the key within a second (401 UNAUTHORIZED). Exit code 2 for a malformed or unknown id.'],
  parse: (args) => ({ id: args.positionals[0]! }),
};

/** `vetted key revoke KEY_ID`: ManageApiKeys.revoke. */
@injectable()
export class KeyRevokeCommand implements CliCommand<KeyRevokeInput> {
  static readonly spec = SPEC;
  readonly spec = SPEC;

  constructor(@inject(ManageApiKeys) private readonly keys: ManageApiKeys) {}

  async run(input: KeyRevokeInput, io: CliIo): Promise<number> {
    const outcome = await this.keys.revoke(input.id);
    io.out(outcome === 'revoked' ? `revoked ${input.id}` : `${input.id} was already revoked`);
    return 0;
  }
}
