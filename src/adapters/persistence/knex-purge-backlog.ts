import { inject, injectable } from 'inversify';
import type { Knex } from 'knex';
import type { PurgeBacklog } from '../../application/ports/purge-backlog.js';
import { Database } from './create-knex.js';

/** PurgeBacklog in the purge columns of `registry_changes` (migration 014), each claim one statement. */
@injectable()
export class KnexPurgeBacklog implements PurgeBacklog {
  constructor(@inject(Database) private readonly db: Knex) {}

  async claim(owner: string, now: Date, leaseSeconds: number, limit: number): Promise<string[]> {
    if (limit <= 0) return [];
    const at = now.toISOString();
    const until = new Date(now.getTime() + leaseSeconds * 1000).toISOString();
    const free = (q: Knex.QueryBuilder) => q.whereNull('purge_claimed_until').orWhere('purge_claimed_until', '<', at);
    const owed = this.db('registry_changes').whereNull('purged_at').andWhere(free).orderBy('id').limit(limit).select('id');
    // One statement picks and claims, so two purgers never get the same write: PostgreSQL re-checks
    // the guard on rows another claimer just updated, SQLite holds its write lock for the statement.
    const rows = (await this.db('registry_changes')
      .whereIn('id', owed)
      .whereNull('purged_at')
      .andWhere(free)
      .update({ purge_claim: owner, purge_claimed_until: until }, ['id', 'name'])) as Array<{ id: number | string; name: string }>;
    return rows.sort((a, b) => Number(a.id) - Number(b.id)).map((row) => row.name);
  }

  async settle(owner: string, now: Date): Promise<void> {
    await this.db('registry_changes').where('purge_claim', owner).whereNull('purged_at').update({ purged_at: now.toISOString(), purge_claimed_until: null });
  }

  async release(owner: string): Promise<void> {
    await this.db('registry_changes').where('purge_claim', owner).whereNull('purged_at').update({ purge_claim: null, purge_claimed_until: null });
  }
}
