import type { Tier } from '../../domain/access/tier.js';

/** An API key as stored: never the key itself, only its SHA-256 (TokenHasher). */
export interface StoredApiKey {
  /** The public id (`key_` and 8 base62 characters), also the first characters of the key's body. */
  readonly id: string;
  readonly keyHash: string;
  readonly tier: Tier;
  /** The operator's name for it (who holds it, what for). */
  readonly name: string;
  /** The verified entity it was issued to, if any. */
  readonly entityId: string | null;
  readonly createdAt: string;
  readonly revokedAt: string | null;
}

/** A key as an operator lists it: what is stored, and when it was last used (as of the last usage sync). */
export interface ApiKeySummary extends Omit<StoredApiKey, 'keyHash'> {
  readonly lastUsedAt: string | null;
}

/** How a revocation went. */
export type RevokeOutcome = 'revoked' | 'already_revoked' | 'unknown';

/**
 * The API keys an operator issued, shared by every instance. A revocation (any change of a key)
 * records a change named `key:<id>` that the ChangeFeed delivers, so every instance forgets the
 * key within a second. Adapters: KnexApiKeyStore. Fake: InMemoryAccess (test/fakes).
 */
export interface ApiKeyStore {
  /** Stores a new key; false when its id is taken already (ask again with new randomness). */
  create(key: Omit<StoredApiKey, 'revokedAt'>): Promise<boolean>;
  /** The key with this id, revoked ones included; undefined when none. */
  find(id: string): Promise<StoredApiKey | undefined>;
  /** Every key, newest first. */
  list(): Promise<ApiKeySummary[]>;
  /** Marks the key revoked at `at`; a revoked key stays listed. */
  revoke(id: string, at: string): Promise<RevokeOutcome>;
}
export const ApiKeyStore = Symbol('ApiKeyStore');
