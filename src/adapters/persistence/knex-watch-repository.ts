import { inject, injectable } from 'inversify';
import type { Knex } from 'knex';
import type { StoredWatch, WatchCreation, WatchRepository } from '../../application/ports/watch-repository.js';
import type { DomainName } from '../../domain/domain-name.js';
import { callbackHostOf } from '../../domain/events/watch.js';
import type { WatchProjection } from '../../domain/events/projection.js';
import type { EventType } from '../../domain/events/watched-state.js';
import { Database } from './create-knex.js';
import { toCount } from './sql-errors.js';
import { rowsOf } from './raw-rows.js';

interface WatchRow {
  id: string;
  domain: string;
  callback_url: string;
  callback_host: string;
  events: string;
  secret: string;
  token_hash: string;
  client_id: string;
  status: string;
  disabled_reason: string | null;
  failing_since: string | null;
  created_at: string;
  delivering_until: string | null;
}

/** Watches in SQLite or PostgreSQL; limits decided under the shared admission lock row. */
@injectable()
export class KnexWatchRepository implements WatchRepository {
  constructor(@inject(Database) private readonly db: Knex) {}

  async latestChange(): Promise<number> {
    const row = await this.db('watch_changes').max({ seq: 'seq' }).first();
    return Number(row?.seq ?? 0);
  }

  async create(
    watch: StoredWatch,
    limits: { perClient: number; perCallbackHost: number },
    projection: WatchProjection,
    asOfSeq: number,
  ): Promise<WatchCreation> {
    const host = callbackHostOf(watch.callbackUrl);
    return this.db.transaction(async (trx) => {
      // The same lock row as scan admission: limit decisions of every process go one at a time.
      await trx('admission_lock').where({ id: 1 }).increment('decisions', 1);
      const [byClient, byHost] = await Promise.all([
        trx('watches').where({ client_id: watch.clientId, status: 'active' }).count({ n: '*' }).first(),
        trx('watches').where({ callback_host: host, status: 'active' }).count({ n: '*' }).first(),
      ]);
      if (toCount(byClient?.n) >= limits.perClient) return 'client_limit';
      if (toCount(byHost?.n) >= limits.perCallbackHost) return 'callback_host_limit';
      await trx('watches').insert(toRow(watch, host));
      await trx('watch_states')
        .insert({ domain: watch.domain, projection: JSON.stringify(projection), as_of_seq: asOfSeq, updated_at: watch.createdAt })
        .onConflict('domain')
        .ignore();
      return 'created';
    });
  }

  async find(id: string): Promise<StoredWatch | undefined> {
    const row = await this.db<WatchRow>('watches').where({ id }).first();
    return row ? toWatch(row) : undefined;
  }

  async remove(id: string): Promise<boolean> {
    return this.db.transaction(async (trx) => {
      // The delete comes first: a SQLite transaction that read before writing is refused at once
      // (SQLITE_BUSY) when another connection wrote meanwhile, where one that writes first waits
      // for the lock like any writer.
      const [watch] = rowsOf(await trx.raw('DELETE FROM watches WHERE id = ? RETURNING domain', [id]));
      if (!watch) return false;
      await trx('webhook_deliveries').where({ watch_id: id, state: 'pending' }).update({ state: 'cancelled' });
      // A domain nobody watches any more is no longer projected; a new watch starts it afresh.
      const domain = String(watch.domain);
      const left = await trx('watches').where({ domain }).first('id');
      if (!left) await trx('watch_states').where({ domain }).delete();
      return true;
    });
  }

  async watchedDomains(): Promise<DomainName[]> {
    const rows = await this.db('watches').where({ status: 'active' }).distinct('domain').orderBy('domain');
    return rows.map((r: { domain: string }) => r.domain as DomainName);
  }

  async watchedUnder(names: readonly string[]): Promise<DomainName[]> {
    if (names.length === 0) return [];
    const unique = [...new Set(names)].slice(0, 500);
    const rows = await this.db('watches')
      .where({ status: 'active' })
      .andWhere((q) => {
        q.whereIn('domain', unique);
        // Names are lower-case letters, digits, dots and hyphens: nothing LIKE would read as a pattern but `_`, whose over-match only costs a needless look.
        for (const name of unique) q.orWhere('domain', 'like', `%.${name}`);
      })
      .distinct('domain');
    return rows.map((r: { domain: string }) => r.domain as DomainName);
  }
}

function toRow(w: StoredWatch, host: string): WatchRow {
  return {
    id: w.id,
    domain: w.domain,
    callback_url: w.callbackUrl,
    callback_host: host,
    events: JSON.stringify(w.events),
    secret: w.secret,
    token_hash: w.tokenHash,
    client_id: w.clientId,
    status: w.status,
    disabled_reason: w.disabledReason,
    failing_since: w.failingSince,
    created_at: w.createdAt,
    delivering_until: null,
  };
}

function toWatch(r: WatchRow): StoredWatch {
  return {
    id: r.id,
    domain: r.domain as DomainName,
    callbackUrl: r.callback_url,
    events: JSON.parse(r.events) as EventType[],
    status: r.status === 'disabled' ? 'disabled' : 'active',
    disabledReason: r.disabled_reason,
    failingSince: r.failing_since,
    createdAt: r.created_at,
    clientId: r.client_id,
    secret: r.secret,
    tokenHash: r.token_hash,
  };
}
