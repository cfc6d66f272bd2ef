import { inject, injectable } from 'inversify';
import { z } from 'zod';
import { DEFAULT_VERIFICATION_DAYS, ENTITY_LEVELS, ENTITY_TYPES, type Entity } from '../domain/entity.js';
import { requireDomainName } from './domain-input.js';
import { AppError } from './errors.js';
import { Clock } from './ports/clock.js';
import { EntityRepository } from './ports/entity-repository.js';
import { RegistryReadCache } from './registry-read-cache.js';
import { zodMessage, type FieldNames } from './zod-message.js';

export const AddEntityInput = z.strictObject({
  domain: z.string(),
  name: z.string().trim().min(1).max(200),
  type: z.enum(ENTITY_TYPES).default('organization'),
  level: z.enum(ENTITY_LEVELS).default('verified'),
  expiresAt: z.iso.datetime({ offset: true }).optional(),
});
export type AddEntityInput = z.input<typeof AddEntityInput>;

/** An operator adds a verified entity directly (`vetted entity add`); it covers the domain's zone. */
@injectable()
export class AddEntity {
  constructor(
    @inject(EntityRepository) private readonly entities: EntityRepository,
    @inject(RegistryReadCache) private readonly cache: RegistryReadCache,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  /** `fieldNames`: how the caller spells the fields in its messages (the CLI's `--expires`). */
  async run(input: AddEntityInput, fieldNames: FieldNames = {}): Promise<Entity> {
    const parsed = AddEntityInput.safeParse(input);
    if (!parsed.success) throw new AppError('VALIDATION_ERROR', zodMessage(parsed.error, input, fieldNames));
    const domain = requireDomainName(parsed.data.domain);
    const now = this.clock.now();
    const expiresAt = parsed.data.expiresAt
      ? new Date(parsed.data.expiresAt)
      : new Date(now.getTime() + DEFAULT_VERIFICATION_DAYS * 86_400_000);
    const entity = await this.entities.create({
      name: parsed.data.name,
      domain,
      type: parsed.data.type,
      level: parsed.data.level,
      coverage: 'zone',
      verifiedAt: now.toISOString(),
      expiresAt: expiresAt.toISOString(),
    });
    this.cache.forget([domain]);
    return entity;
  }
}
