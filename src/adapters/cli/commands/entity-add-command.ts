import { inject, injectable } from 'inversify';
import { AddEntity } from '../../../application/registry/add-entity.js';
import type { CliCommand, CommandSpec } from '../cli-command.js';
import type { CliIo } from '../cli-io.js';

interface EntityAddInput {
  readonly domain: string;
  readonly name: string;
  readonly type?: string;
  readonly level?: string;
  readonly expires?: string;
}

// The flags of `entity add`, so that its errors name what the operator typed.
const FLAGS = { domain: '--domain', name: '--name', type: '--type', level: '--level', expiresAt: '--expires' } as const;

const SPEC: CommandSpec<EntityAddInput> = {
  name: 'entity add',
  summary: 'add a verified entity; prints its id',
  queuesJobs: true,
  options: {
    domain: { type: 'string', value: 'DOMAIN', required: true, help: "the entity's domain; verify answers for its subdomains too" },
    name: { type: 'string', value: 'NAME', required: true, help: "the entity's name, as verify and lookup answers show it" },
    type: { type: 'string', value: 'TYPE', help: 'organization (the default), business, individual, api or infrastructure' },
    level: { type: 'string', value: 'basic|verified|enterprise', help: 'how far it was verified; verified by default' },
    expires: {
      type: 'string',
      value: 'ISO8601',
      help: 'when the entry expires, an instant with a time zone (2027-01-31T00:00:00Z); a year from now by default',
    },
  },
  parse: (args) => ({
    domain: args.string('domain')!,
    name: args.string('name')!,
    type: args.string('type'),
    level: args.string('level'),
    expires: args.string('expires'),
  }),
};

/** `vetted entity add`: AddEntity. */
@injectable()
export class EntityAddCommand implements CliCommand<EntityAddInput> {
  static readonly spec = SPEC;
  readonly spec = SPEC;

  constructor(@inject(AddEntity) private readonly addEntity: AddEntity) {}

  async run(input: EntityAddInput, io: CliIo): Promise<number> {
    // The use case checks type and level; the casts only carry the operator's words to it.
    const entity = await this.addEntity.run(
      { domain: input.domain, name: input.name, type: input.type as never, level: input.level as never, expiresAt: input.expires },
      FLAGS,
    );
    io.out(entity.id);
    return 0;
  }
}
