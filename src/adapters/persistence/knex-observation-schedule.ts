import { inject, injectable } from 'inversify';
import type { Knex } from 'knex';
import type { ObservationSchedule } from '../../application/ports/observation-schedule.js';
import { Database, isSqlite } from './create-knex.js';

const DONE_CHUNK = 500;

/** The observation refresh schedule in the `observation_refresh` table, claimed by one statement per batch. */
@injectable()
export class KnexObservationSchedule implements ObservationSchedule {
  constructor(@inject(Database) private readonly db: Knex) {}

  async enroll(now: Date): Promise<number> {
    const at = now.toISOString();
    // Domains no live entity holds any more leave first, so that claims never step over them.
    await this.db('observation_refresh as r')
      .whereNotExists(
        this.db('entities as e')
          .select(this.db.raw('1'))
          .where('e.domain', this.db.ref('r.domain'))
          .andWhere('e.status', 'active')
          .andWhere('e.expires_at', '>', at),
      )
      .delete();
    // One statement, so the database does the pass over the entities; ON CONFLICT keeps two
    // processes enrolling at once from failing on each other's rows. The SELECT must keep a WHERE
    // clause: without one SQLite reads ON CONFLICT as a join constraint.
    const sql = `
      INSERT INTO observation_refresh (domain, due_at)
      SELECT DISTINCT e.domain, ? FROM entities e
      WHERE e.status = 'active' AND e.expires_at > ?
        AND NOT EXISTS (SELECT 1 FROM observation_refresh r WHERE r.domain = e.domain)
      ON CONFLICT (domain) DO NOTHING`;
    if (!isSqlite(this.db)) return ((await this.db.raw(sql, [at, at])) as { rowCount: number | null }).rowCount ?? 0;
    // Knex hands back no change count for a raw SQLite statement; changes() must be read on the
    // same connection, hence the transaction.
    return this.db.transaction(async (trx) => {
      await trx.raw(sql, [at, at]);
      const [row] = (await trx.raw('SELECT changes() AS n')) as Array<{ n: number }>;
      return Number(row?.n ?? 0);
    });
  }

  async claimDue(now: Date, limit: number, leaseSeconds: number): Promise<string[]> {
    if (limit <= 0) return [];
    const at = now.toISOString();
    const until = new Date(now.getTime() + leaseSeconds * 1000).toISOString();
    const free = (q: Knex.QueryBuilder) => q.whereNull('claimed_until').orWhere('claimed_until', '<', at);
    const due = (which: (q: Knex.QueryBuilder) => void, count: number) =>
      this.db('observation_refresh as r')
        .where('r.due_at', '<=', at)
        .andWhere(which)
        .whereExists(
          this.db('entities as e')
            .select(this.db.raw('1'))
            .where('e.domain', this.db.ref('r.domain'))
            .andWhere('e.status', 'active')
            .andWhere('e.expires_at', '>', at),
        )
        .orderBy('r.due_at')
        .limit(count)
        .select('r.domain');
    // One statement each: the rows are picked and claimed atomically, so two instances never get
    // the same domain (PostgreSQL re-checks the guard on rows another claimer just updated; SQLite
    // takes its write lock for the whole statement).
    const claim = async (pick: Knex.QueryBuilder) =>
      (await this.db('observation_refresh').whereIn('domain', pick).andWhere(free).update({ claimed_until: until }, ['domain', 'due_at'])) as Array<{
        domain: string;
        due_at: string;
      }>;
    // Unclaimed domains first, through the partial index; lapsed claims only once those run out.
    const unclaimed = await claim(due((q) => q.whereNull('r.claimed_until'), limit));
    const lapsed = unclaimed.length < limit ? await claim(due((q) => q.where('r.claimed_until', '<', at), limit - unclaimed.length)) : [];
    return [...unclaimed, ...lapsed].sort((a, b) => a.due_at.localeCompare(b.due_at) || a.domain.localeCompare(b.domain)).map((r) => r.domain);
  }

  async done(domains: readonly string[], nextDueAt: Date): Promise<void> {
    const due = nextDueAt.toISOString();
    for (let i = 0; i < domains.length; i += DONE_CHUNK) {
      await this.db('observation_refresh')
        .whereIn('domain', domains.slice(i, i + DONE_CHUNK))
        .update({ due_at: due, claimed_until: null });
    }
  }
}
