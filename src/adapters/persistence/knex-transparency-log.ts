import { createHash } from 'node:crypto';
import { inject, injectable } from 'inversify';
import type { Knex } from 'knex';
import type { LogHead, LogLeaf, TransparencyLog } from '../../application/ports/transparency-log.js';
import { logEntryBytes, type LogEventType } from '../../domain/log/log-event.js';
import { consistencyProof, inclusionProof, storedHashCount, storedHashesForRecord, treeHash, type Hash, type HashReader } from '../../domain/log/merkle.js';
import { tileHashIndexes } from '../../domain/log/tiles.js';
import { Database } from './create-knex.js';

const sha256 = (data: Uint8Array): Uint8Array => createHash('sha256').update(data).digest();
const hex = (hash: Uint8Array) => Buffer.from(hash).toString('hex');
const bytes = (text: string) => new Uint8Array(Buffer.from(text, 'hex'));
// SQLite's limit on bound variables, with room to spare.
const CHUNK = 500;

interface StateRow {
  size: number | string;
  root: string;
  checkpoint: string | null;
  checkpoint_size: number | string | null;
  signed_at: string | null;
}

/**
 * TransparencyLog on the tables of migration 017. `sequence` takes the `log_state` row first (FOR
 * UPDATE on PostgreSQL; on SQLite its write takes the database's write lock), so one sequencer
 * appends at a time whichever instance runs it; the pending rows it appends are deleted in the same
 * transaction, so each is appended exactly once. Hashes are kept as hex, one row per stored hash.
 */
@injectable()
export class KnexTransparencyLog implements TransparencyLog {
  constructor(@inject(Database) private readonly db: Knex) {}

  async sequence(now: Date, limit: number): Promise<{ appended: number; head: LogHead }> {
    // Two reads, no lock, when nothing waits: most passes of most instances find nothing to append.
    if (!(await this.anythingToAppend(now))) return { appended: 0, head: await this.head() };
    return this.db.transaction(async (trx) => {
      if (trx.client.config.client === 'pg') await trx('log_state').where({ id: 1 }).forUpdate().first('id');
      else
        await trx('log_state')
          .where({ id: 1 })
          .update({ size: trx.raw('size') });
      await recordExpiries(trx, now);
      const pending: Array<{ id: number; kind: string; name: string; data: string; changed_at: string }> = await trx('log_pending')
        .orderBy('id')
        .limit(limit)
        .select('id', 'kind', 'name', 'data', 'changed_at');
      const state = (await trx('log_state').where({ id: 1 }).first()) as StateRow;
      if (pending.length === 0) return { appended: 0, head: headOf(state) };
      let size = Number(state.size);
      const added = new Map<number, Hash>();
      const read = reader(trx, added);
      const entries: Array<{ idx: number; domain: string; body: string; logged_at: string }> = [];
      for (const row of pending) {
        const entry = logEntryBytes({
          type: row.kind as LogEventType,
          domain: row.name,
          at: row.changed_at,
          data: JSON.parse(row.data) as Record<string, unknown>,
        });
        const base = storedHashCount(size);
        (await storedHashesForRecord(sha256, size, entry, read)).forEach((hash, i) => {
          added.set(base + i, hash);
        });
        entries.push({ idx: size, domain: row.name, body: Buffer.from(entry).toString('utf8'), logged_at: now.toISOString() });
        size++;
      }
      for (let i = 0; i < entries.length; i += CHUNK) await trx('log_entries').insert(entries.slice(i, i + CHUNK));
      const hashes = [...added].map(([idx, hash]) => ({ idx, hash: hex(hash) }));
      for (let i = 0; i < hashes.length; i += CHUNK) await trx('log_hashes').insert(hashes.slice(i, i + CHUNK));
      const ids = pending.map((row) => row.id);
      for (let i = 0; i < ids.length; i += CHUNK)
        await trx('log_pending')
          .whereIn('id', ids.slice(i, i + CHUNK))
          .delete();
      const root = await treeHash(sha256, size, read);
      await trx('log_state')
        .where({ id: 1 })
        .update({ size, root: hex(root) });
      return { appended: pending.length, head: headOf({ ...state, size, root: hex(root) }) };
    });
  }

  private async anythingToAppend(now: Date): Promise<boolean> {
    if (await this.db('log_pending').first('id')) return true;
    const state = (await this.db('log_state').where({ id: 1 }).first('expiries_until')) as { expiries_until: string | null };
    return (await expiredQuery(this.db, state.expiries_until, now.toISOString()).first('e.id')) !== undefined;
  }

  async head(): Promise<LogHead> {
    return headOf((await this.db('log_state').where({ id: 1 }).first()) as StateRow);
  }

  async saveCheckpoint(size: number, note: string, at: string): Promise<void> {
    await this.db('log_state')
      .where({ id: 1 })
      .andWhere((q) => q.whereNull('checkpoint_size').orWhere('checkpoint_size', '<=', size))
      .update({ checkpoint: note, checkpoint_size: size, signed_at: at });
  }

  inclusionProof(index: number, size: number): Promise<Uint8Array[]> {
    return inclusionProof(index, size, reader(this.db, new Map()), sha256);
  }

  consistencyProof(from: number, to: number): Promise<Uint8Array[]> {
    return consistencyProof(from, to, reader(this.db, new Map()), sha256);
  }

  async hashTile(level: number, index: number, width: number): Promise<Uint8Array> {
    const hashes = await reader(this.db, new Map())(tileHashIndexes(level, index, width));
    return new Uint8Array(Buffer.concat(hashes));
  }

  async entries(from: number, count: number): Promise<LogLeaf[]> {
    const rows: Array<{ idx: number | string; body: string }> = await this.db('log_entries')
      .where('idx', '>=', from)
      .andWhere('idx', '<', from + count)
      .orderBy('idx')
      .select('idx', 'body');
    return rows.map(leafOf);
  }

  async latestAbout(names: readonly string[], size: number): Promise<LogLeaf | undefined> {
    if (names.length === 0) return undefined;
    const row = await this.db('log_entries')
      .whereIn('domain', [...names])
      .andWhere('idx', '<', size)
      .orderBy('idx', 'desc')
      .first('idx', 'body');
    return row ? leafOf(row as { idx: number | string; body: string }) : undefined;
  }
}

function reader(db: Knex | Knex.Transaction, added: ReadonlyMap<number, Hash>): HashReader {
  return async (indexes) => {
    const missing = [...new Set(indexes.filter((i) => !added.has(i)))];
    const found = new Map<number, Hash>();
    for (let i = 0; i < missing.length; i += CHUNK) {
      const rows: Array<{ idx: number | string; hash: string }> = await db('log_hashes')
        .whereIn('idx', missing.slice(i, i + CHUNK))
        .select('idx', 'hash');
      for (const row of rows) found.set(Number(row.idx), bytes(row.hash));
    }
    return indexes.map((i) => {
      const hash = added.get(i) ?? found.get(i);
      if (!hash) throw new Error(`the log has no stored hash ${i}`);
      return hash;
    });
  };
}

/**
 * Records an `entity.expired` write for each active entity whose expiry passed and was not logged
 * yet. Each pass looks at the expiries from a day before the last pass's instant (an index range,
 * however many entities expired long ago), so an expiry set more than a day into the past by a
 * write is not logged as such: the write's own leaf (`entity.changed`) carries it.
 */
async function recordExpiries(trx: Knex.Transaction, now: Date): Promise<void> {
  const at = now.toISOString();
  const state = (await trx('log_state').where({ id: 1 }).first('expiries_until')) as { expiries_until: string | null };
  const expired: Array<Record<string, string>> = await expiredQuery(trx, state.expiries_until, at).select(
    'e.id',
    'e.name',
    'e.domain',
    'e.type',
    'e.level',
    'e.coverage',
    'e.status',
    'e.verified_at',
    'e.expires_at',
  );
  await trx('log_state').where({ id: 1 }).update({ expiries_until: at });
  for (const e of expired) {
    await trx('log_expiries').insert({ key: `${e.id} ${e.expires_at}` });
    await trx('log_pending').insert({ kind: 'entity.expired', name: e.domain, data: JSON.stringify({ ...e, status: 'expired' }), changed_at: e.expires_at });
  }
}

/** Active entities whose expiry passed by `at`, from a day before `until` (the last look), not logged yet. */
function expiredQuery(db: Knex | Knex.Transaction, until: string | null, at: string): Knex.QueryBuilder {
  const from = until === null ? '' : new Date(Date.parse(until) - 86_400_000).toISOString();
  return db('entities as e')
    .leftJoin('log_expiries as x', 'x.key', db.raw(`e.id || ' ' || e.expires_at`))
    .where('e.expires_at', '>', from)
    .andWhere('e.expires_at', '<=', at)
    .andWhere('e.status', 'active')
    .whereNull('x.key');
}

function headOf(state: StateRow): LogHead {
  return {
    size: Number(state.size),
    root: bytes(state.root),
    checkpoint: state.checkpoint,
    checkpointSize: state.checkpoint_size === null ? null : Number(state.checkpoint_size),
    signedAt: state.signed_at,
  };
}

function leafOf(row: { idx: number | string; body: string }): LogLeaf {
  return { index: Number(row.idx), entry: new TextEncoder().encode(row.body) };
}
