import { inject, injectable } from 'inversify';
import { ManageApiKeys } from '../../../application/access/manage-api-keys.js';
import type { CliCommand, CommandSpec } from '../cli-command.js';
import type { CliIo } from '../cli-io.js';
import { apiKeyJson } from '../cli-json.js';

interface KeyCreateInput {
  readonly tier: string;
  readonly name: string;
  readonly entity?: string;
  readonly json: boolean;
}

const SPEC: CommandSpec<KeyCreateInput> = {
  name: 'key create',
  summary: 'make an API key of a request-rate tier (shown once)',
  options: {
    tier: { type: 'string', value: 'TIER', help: 'free, pro or enterprise', required: true },
    name: { type: 'string', value: 'NAME', help: 'who holds it, or what it is for', required: true },
    entity: { type: 'string', value: 'ENTITY_ID', help: 'the verified entity it is issued to (ent_…)' },
    json: { type: 'boolean', help: 'print {key_id, key, tier, name, entity_id, created_at}' },
  },
  details: [
    'Prints the key id, then the key itself (vtk_…) on a line of its own: it is shown this once and only its SHA-256 is stored.',
    'Its holder sends it as "Authorization: Bearer vtk_…" on HTTP and on /mcp; quotas apply when the service runs with API_TIERS=on.',
  ],
  parse: (args) => ({ tier: args.string('tier')!, name: args.string('name')!, entity: args.string('entity'), json: args.flag('json') }),
};

/** `vetted key create --tier TIER --name NAME [--entity ENTITY_ID] [--json]`: ManageApiKeys.create. */
@injectable()
export class KeyCreateCommand implements CliCommand<KeyCreateInput> {
  static readonly spec = SPEC;
  readonly spec = SPEC;

  constructor(@inject(ManageApiKeys) private readonly keys: ManageApiKeys) {}

  async run(input: KeyCreateInput, io: CliIo): Promise<number> {
    const created = await this.keys.create({ tier: input.tier, name: input.name, entityId: input.entity });
    if (input.json) {
      io.out(JSON.stringify({ ...apiKeyJson({ ...created, lastUsedAt: null }), key: created.key }, null, 2));
      return 0;
    }
    io.out(`created ${created.id} (${created.tier}, "${created.name}"); the key, shown this once:`);
    io.out(created.key);
    return 0;
  }
}
