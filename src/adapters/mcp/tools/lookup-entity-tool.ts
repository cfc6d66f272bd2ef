import { inject, injectable } from 'inversify';
import { z } from 'zod';
import { LookupEntity } from '../../../application/registry/lookup-entity.js';
import { Clock } from '../../../application/ports/clock.js';
import { lookupEntityJson } from '../../../application/views/registry-view.js';
import { TOOL_OUTPUTS } from '../../../application/views/answer-schemas.js';
import type { VettedTool } from '../vetted-tool.js';
import { READS_STORED_DATA } from './tool-args.js';

const input = z.strictObject({ entity_id: z.string().min(1).max(128).describe('An entity id such as ent_example001.') });
const output = TOOL_OUTPUTS.lookup_entity;

/** lookup_entity: LookupEntity answered as the lookup view, its status as of now. */
@injectable()
export class LookupEntityTool implements VettedTool<typeof input, typeof output> {
  readonly name = 'lookup_entity';
  readonly title = 'Look up a registry entity';
  readonly description =
    'Returns one entity of the Vetted registry by id (ent_…): name, domain, level, type, verification and expiry instants, and status (active, expired or revoked). Reads stored data only. ' +
    'Errors: NOT_FOUND for an unknown id, VALIDATION_ERROR for a malformed one.';
  readonly input = input;
  readonly output = output;
  readonly hints = READS_STORED_DATA;
  readonly summary = 'One entity of the registry by id: name, domain, level, type, verification and expiry, status.';
  readonly tags = ['registry', 'entities'];
  readonly usage = {
    arguments: '`entity_id`',
    effect: 'one registry entity with its status (active, expired or revoked). Reads only.',
  };

  constructor(
    @inject(Clock) private readonly clock: Clock,
    @inject(LookupEntity) private readonly lookupEntity: LookupEntity,
  ) {}

  async run({ entity_id }: z.output<typeof input>): Promise<z.input<typeof output>> {
    return lookupEntityJson(await this.lookupEntity.run(entity_id), this.clock.now());
  }
}
