import { inject, injectable } from 'inversify';
import type { Knex } from 'knex';
import type { Blocklist } from '../../application/ports/blocklist.js';
import type { BlockedDomain } from '../../domain/blocked-domain.js';
import type { DomainName } from '../../domain/domain-name.js';
import { Database } from './create-knex.js';

const CHUNK = 200;

@injectable()
export class KnexBlocklist implements Blocklist {
  constructor(@inject(Database) private readonly db: Knex) {}

  async add(blocks: readonly BlockedDomain[]): Promise<number> {
    return this.db.transaction(async (trx) => {
      let added = 0;
      for (let i = 0; i < blocks.length; i += CHUNK) {
        const rows = blocks.slice(i, i + CHUNK).map((b) => ({ domain: b.domain, reason: b.reason, blocked_at: b.blockedAt }));
        const inserted = await trx('blocked_domains').insert(rows).onConflict('domain').ignore().returning('domain');
        added += inserted.length;
      }
      return added;
    });
  }

  async remove(domain: DomainName): Promise<boolean> {
    return (await this.db('blocked_domains').where({ domain }).delete()) > 0;
  }

  async list(): Promise<BlockedDomain[]> {
    const rows = await this.db('blocked_domains').select('domain', 'reason', 'blocked_at').orderBy('domain');
    return rows.map((r) => ({ domain: r.domain as DomainName, reason: r.reason, blockedAt: r.blocked_at }));
  }
}
