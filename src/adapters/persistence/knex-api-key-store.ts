import { inject, injectable } from 'inversify';
import type { Knex } from 'knex';
import type { ApiKeyStore, ApiKeySummary, RevokeOutcome, StoredApiKey } from '../../application/ports/api-key-store.js';
import type { Tier } from '../../domain/access/tier.js';
import { Database } from './create-knex.js';
import { isUniqueViolation } from './sql-errors.js';

interface ApiKeyRow {
  id: string;
  key_hash: string;
  tier: string;
  name: string;
  entity_id: string | null;
  created_at: string;
  revoked_at: string | null;
}

/**
 * API keys in the `api_keys` table (migration 016), whose triggers record every write as a change
 * of `key:<id>`; the last use comes from the key's rows in `api_usage`.
 */
@injectable()
export class KnexApiKeyStore implements ApiKeyStore {
  constructor(@inject(Database) private readonly db: Knex) {}

  async create(key: Omit<StoredApiKey, 'revokedAt'>): Promise<boolean> {
    try {
      await this.db<ApiKeyRow>('api_keys').insert({
        id: key.id,
        key_hash: key.keyHash,
        tier: key.tier,
        name: key.name,
        entity_id: key.entityId,
        created_at: key.createdAt,
        revoked_at: null,
      });
      return true;
    } catch (error) {
      // A taken hash is as unlikely as a taken id and has the same remedy: new randomness.
      if (isUniqueViolation(error)) return false;
      throw error;
    }
  }

  async find(id: string): Promise<StoredApiKey | undefined> {
    const row = await this.db<ApiKeyRow>('api_keys').where({ id }).first();
    return row ? toKey(row) : undefined;
  }

  async list(): Promise<ApiKeySummary[]> {
    const lastUsed = this.db('api_usage')
      .max('last_used_at')
      .where('subject', this.db.raw(`'key:' || ??`, ['api_keys.id']));
    const rows = (await this.db('api_keys')
      .select('id', 'tier', 'name', 'entity_id', 'created_at', 'revoked_at', lastUsed.as('last_used_at'))
      .orderBy([
        { column: 'created_at', order: 'desc' },
        { column: 'id', order: 'desc' },
      ])) as Array<Omit<ApiKeyRow, 'key_hash'> & { last_used_at: string | null }>;
    return rows.map((r) => ({
      id: r.id,
      tier: r.tier as Tier,
      name: r.name,
      entityId: r.entity_id,
      createdAt: r.created_at,
      revokedAt: r.revoked_at,
      lastUsedAt: r.last_used_at ?? null,
    }));
  }

  async revoke(id: string, at: string): Promise<RevokeOutcome> {
    const changed = await this.db('api_keys').where({ id }).whereNull('revoked_at').update({ revoked_at: at });
    if (changed > 0) return 'revoked';
    // Keys are never deleted, so a key that exists now and was not updated was revoked already.
    return (await this.db('api_keys').where({ id }).first('id')) ? 'already_revoked' : 'unknown';
  }
}

function toKey(r: ApiKeyRow): StoredApiKey {
  return { id: r.id, keyHash: r.key_hash, tier: r.tier as Tier, name: r.name, entityId: r.entity_id, createdAt: r.created_at, revokedAt: r.revoked_at };
}
