import { inject, injectable } from 'inversify';
import { z } from 'zod';
import { DEFAULT_VERIFICATION_DAYS, ENTITY_LEVELS, ENTITY_TYPES, type Entity } from '../../domain/entity.js';
import { requireDomainName } from '../input/domain-input.js';
import { AppError } from '../errors.js';
import { Clock } from '../ports/clock.js';
import { EntityRepository, type NewEntity } from '../ports/entity-repository.js';
import { RegistryReadCache } from '../caching/registry-read-cache.js';
import { zodMessage, type FieldNames } from '../input/zod-message.js';
import { FirstObservations } from '../trust/first-observations.js';

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
    @inject(FirstObservations) private readonly first: FirstObservations,
  ) {}

  /** `fieldNames`: how the caller spells the fields in its messages (the CLI's `--expires`). */
  async run(input: AddEntityInput, fieldNames: FieldNames = {}): Promise<Entity> {
    const parsed = AddEntityInput.safeParse(input);
    if (!parsed.success) throw new AppError('VALIDATION_ERROR', zodMessage(parsed.error, input, fieldNames));
    const now = this.clock.now();
    if (parsed.data.expiresAt !== undefined && Date.parse(parsed.data.expiresAt) <= now.getTime()) throw pastExpiry(fieldNames.expiresAt ?? 'expiresAt');
    const entity = await this.entities.create(newEntityFrom(parsed.data, now));
    this.cache.forget([entity.domain]);
    await this.first.observeMembers([entity.domain]);
    return entity;
  }
}

/**
 * The entity an operator's checked input asks for at `now`: it covers the domain's zone, is
 * verified now and expires when said (a year from now by default). Throws VALIDATION_ERROR for a
 * domain name that cannot be registered.
 */
export function newEntityFrom(input: z.output<typeof AddEntityInput>, now: Date): NewEntity {
  const expiresAt = input.expiresAt ? new Date(input.expiresAt) : new Date(now.getTime() + DEFAULT_VERIFICATION_DAYS * 86_400_000);
  if (expiresAt.getTime() <= now.getTime()) throw pastExpiry('expires_at');
  return {
    name: input.name,
    domain: requireDomainName(input.domain),
    type: input.type,
    level: input.level,
    coverage: 'zone',
    verifiedAt: now.toISOString(),
    expiresAt: expiresAt.toISOString(),
  };
}

/** An expiry at or before now would add an entity no answer ever shows as verified. */
function pastExpiry(field: string): AppError {
  return new AppError('VALIDATION_ERROR', `${field} must be in the future: an entity that has already expired would never be answered as verified.`);
}
