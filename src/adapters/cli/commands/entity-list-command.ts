import { inject, injectable } from 'inversify';
import { ListEntities } from '../../../application/registry/list-entities.js';
import { Clock } from '../../../application/ports/clock.js';
import { lookupEntityJson } from '../../../application/views/registry-view.js';
import type { CliCommand, CommandSpec } from '../cli-command.js';
import type { CliIo } from '../cli-io.js';

interface EntityListInput {
  readonly json: boolean;
}

const SPEC: CommandSpec<EntityListInput> = {
  name: 'entity list',
  summary: 'list the entities, oldest first',
  options: {
    json: { type: 'boolean', help: 'print an array of what GET /lookup/{id} answers (id, name, domain, level, type, verified_at, expires_at, status)' },
  },
  details: ['Without --json: one entity a line, its id, domain, name, type, level, status and expiry separated by tabs.'],
  parse: (args) => ({ json: args.flag('json') }),
};

/** `vetted entity list [--json]`: ListEntities, shown as lookup answers are. */
@injectable()
export class EntityListCommand implements CliCommand<EntityListInput> {
  static readonly spec = SPEC;
  readonly spec = SPEC;

  constructor(
    @inject(ListEntities) private readonly listEntities: ListEntities,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async run(input: EntityListInput, io: CliIo): Promise<number> {
    const now = this.clock.now();
    const entities = (await this.listEntities.run()).map((e) => lookupEntityJson(e, now) as Record<string, unknown>);
    if (input.json) io.out(JSON.stringify(entities, null, 2));
    else for (const e of entities) io.out([e.id, e.domain, e.name, e.type, e.level, e.status, e.expires_at].join('\t'));
    return 0;
  }
}
