import { inject, injectable } from 'inversify';
import { z } from 'zod';
import { API_KEY_RANDOM_BYTES, isApiKeyId, mintApiKey } from '../../domain/access/api-key.js';
import { TIERS } from '../../domain/access/tier.js';
import { isEntityId } from '../../domain/entity-id.js';
import { AppError } from '../errors.js';
import { printable } from '../input/domain-input.js';
import { zodMessage } from '../input/zod-message.js';
import { ApiKeyStore, type ApiKeySummary } from '../ports/api-key-store.js';
import { Clock } from '../ports/clock.js';
import { EntityRepository } from '../ports/entity-repository.js';
import { RandomTokens } from '../ports/random-tokens.js';
import { TokenHasher } from '../ports/token-hasher.js';
import { ApiKeys, KEY_CHANGE_PREFIX } from './api-keys.js';

/** What an operator asks for when creating a key. */
const NewApiKeySchema = z.object({
  tier: z.enum(TIERS, { message: `tier must be one of ${TIERS.join(', ')}` }),
  name: z
    .string()
    .trim()
    .min(1, 'name must not be empty')
    .max(200, 'name must be at most 200 characters')
    .refine((v) => !/[\u0000-\u001f\u007f]/.test(v), 'name must not contain control characters'),
  entityId: z.string().optional(),
});
/** What `create` takes, unchecked: it refuses what does not fit with VALIDATION_ERROR. */
export interface NewApiKeyInput {
  readonly tier: string;
  readonly name: string;
  readonly entityId?: string | undefined;
}

/** A key just made: the only time the key itself is ever shown. */
export interface CreatedApiKey extends Omit<ApiKeySummary, 'lastUsedAt'> {
  readonly key: string;
}

const ATTEMPTS = 5;

/**
 * An operator's API keys (`vetted key create|list|revoke`): made from RandomTokens in the domain's
 * format (mintApiKey), stored as a SHA-256 only, listed with their last use, revoked for good. A
 * revocation reaches every instance through the change feed; this process forgets the key at once.
 */
@injectable()
export class ManageApiKeys {
  constructor(
    @inject(ApiKeyStore) private readonly store: ApiKeyStore,
    @inject(EntityRepository) private readonly entities: EntityRepository,
    @inject(RandomTokens) private readonly random: RandomTokens,
    @inject(TokenHasher) private readonly hasher: TokenHasher,
    @inject(Clock) private readonly clock: Clock,
    @inject(ApiKeys) private readonly keys: ApiKeys,
  ) {}

  /** Makes a key of `tier`, optionally issued to a verified entity (which must exist). */
  async create(input: NewApiKeyInput): Promise<CreatedApiKey> {
    const parsed = NewApiKeySchema.safeParse(input);
    if (!parsed.success) throw new AppError('VALIDATION_ERROR', zodMessage(parsed.error, input));
    const { tier, name, entityId } = parsed.data;
    if (entityId !== undefined) {
      if (!isEntityId(entityId))
        throw new AppError(
          'VALIDATION_ERROR',
          `"${printable(entityId, 64)}" is not an entity id (ent_, lower-case letters, then at least three digits: ent_example001).`,
        );
      if (!(await this.entities.findById(entityId))) throw new AppError('NOT_FOUND', `No entity ${entityId} is registered.`);
    }
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      const minted = mintApiKey(this.random.token(API_KEY_RANDOM_BYTES.id), this.random.token(API_KEY_RANDOM_BYTES.secret));
      const stored = {
        id: minted.id,
        keyHash: this.hasher.hash(minted.key),
        tier,
        name,
        entityId: entityId ?? null,
        createdAt: this.clock.now().toISOString(),
      };
      if (await this.store.create(stored))
        return { id: stored.id, tier: stored.tier, name, entityId: stored.entityId, createdAt: stored.createdAt, revokedAt: null, key: minted.key };
    }
    throw new Error(`${ATTEMPTS} key ids in a row were taken: the random source is broken`);
  }

  /** Every key, newest first, with its last use. */
  list(): Promise<ApiKeySummary[]> {
    return this.store.list();
  }

  /** Revokes the key: every instance refuses it within a second. Unknown ids are NOT_FOUND. */
  async revoke(id: string): Promise<'revoked' | 'already_revoked'> {
    requireKeyId(id);
    const outcome = await this.store.revoke(id, this.clock.now().toISOString());
    if (outcome === 'unknown') throw new AppError('NOT_FOUND', `No API key ${id}.`);
    this.keys.forget([KEY_CHANGE_PREFIX + id]);
    return outcome;
  }
}

/** Refuses a malformed key id with VALIDATION_ERROR. */
export function requireKeyId(id: string): void {
  if (!isApiKeyId(id))
    throw new AppError('VALIDATION_ERROR', `"${printable(id, 64)}" is not an API key id (key_ followed by 8 letters and digits, as "vetted key list" shows).`);
}
