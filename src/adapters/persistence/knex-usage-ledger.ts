import { inject, injectable } from 'inversify';
import type { Knex } from 'knex';
import type { DayUsage, UsageCount, UsageLedger } from '../../application/ports/usage-ledger.js';
import { Database } from './create-knex.js';
import { toCount } from './sql-errors.js';

// SQLite's limit on the terms of a compound SELECT, which is how Knex writes a multi-row insert there.
const CHUNK = 500;

/**
 * Daily usage in the `api_usage` table (migration 016): each add is one upsert that adds to the
 * stored totals and returns them, so concurrent instances never lose a count.
 */
@injectable()
export class KnexUsageLedger implements UsageLedger {
  constructor(@inject(Database) private readonly db: Knex) {}

  async add(counts: readonly UsageCount[], at: string): Promise<UsageCount[]> {
    const totals: UsageCount[] = [];
    const rows = merged(counts);
    for (let i = 0; i < rows.length; i += CHUNK) {
      const chunk = rows.slice(i, i + CHUNK).map((c) => ({ subject: c.subject, day: c.day, count: c.count, last_used_at: c.count > 0 ? at : null }));
      const returned = (await this.db('api_usage')
        .insert(chunk)
        .onConflict(['subject', 'day'])
        .merge({
          count: this.db.raw('?? + ??', ['api_usage.count', 'excluded.count']),
          last_used_at: this.db.raw('CASE WHEN ?? > 0 THEN ?? ELSE ?? END', ['excluded.count', 'excluded.last_used_at', 'api_usage.last_used_at']),
        })
        .returning(['subject', 'day', 'count'])) as Array<{ subject: string; day: string; count: number | string }>;
      const byKey = new Map(returned.map((r) => [keyOf(r), toCount(r.count)]));
      for (const c of chunk) totals.push({ subject: c.subject, day: c.day, count: byKey.get(keyOf(c))! });
    }
    return totals;
  }

  async history(subject: string, fromDay: string): Promise<DayUsage[]> {
    const rows = (await this.db('api_usage')
      .where({ subject })
      .andWhere('day', '>=', fromDay)
      .andWhere('count', '>', 0)
      .orderBy('day')
      .select('day', 'count')) as Array<{ day: string; count: number | string }>;
    return rows.map((r) => ({ day: r.day, count: toCount(r.count) }));
  }

  async prune(beforeDay: string): Promise<number> {
    return this.db('api_usage').where('day', '<', beforeDay).delete();
  }
}

/**
 * One count per (subject, day), in a fixed order: PostgreSQL refuses to update one row twice in a
 * statement, and two statements that lock the same rows in the same order cannot deadlock.
 */
function merged(counts: readonly UsageCount[]): UsageCount[] {
  const sums = new Map<string, UsageCount>();
  for (const c of counts) {
    const key = keyOf(c);
    const seen = sums.get(key);
    sums.set(key, { subject: c.subject, day: c.day, count: (seen?.count ?? 0) + c.count });
  }
  return [...sums.values()].sort((a, b) => (a.subject === b.subject ? cmp(a.day, b.day) : cmp(a.subject, b.subject)));
}

function keyOf(c: { subject: string; day: string }): string {
  return `${c.subject}\n${c.day}`;
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
