// The job queue's lag in `npm run bench -- cluster`: for each job created during the load, the delay
// from when it was due (created, or its start_after) to when a worker took it. pg-boss's own
// `started_on` cannot tell, since the heartbeat of running jobs (PgBossLeases) moves it on every
// renewal: the jobs are watched instead, every WATCH_MS, and a job's start is the first time it
// was seen active, or its `started_on` when it ran and ended between two looks (no renewal then).
import type { Knex } from 'knex';
import { percentile } from './progress.js';

const WATCH_MS = 25;

export interface QueueFigures {
  readonly name: string;
  readonly jobs: number;
  readonly completed: number;
  readonly failed: number;
  /** Still waiting at the end (created or retry). */
  readonly waiting: number;
  readonly active: number;
  /** Delays of first tries, due to start, in ms; null when none was measured. */
  readonly lagP50Ms: number | null;
  readonly lagP95Ms: number | null;
  readonly lagMaxMs: number | null;
}

export class JobWatch {
  private readonly firstActive = new Map<string, number>();
  private readonly timer: NodeJS.Timeout;
  private busy = false;

  constructor(
    private readonly db: Knex,
    private readonly since: Date,
    schema = 'pgboss',
  ) {
    this.timer = setInterval(() => void this.look(schema), WATCH_MS);
  }

  private async look(schema: string): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    try {
      const { rows } = await this.db.raw(`SELECT id::text AS id FROM ${schema}.job WHERE state = 'active' AND created_on >= ?`, [this.since.toISOString()]);
      const now = Date.now();
      for (const { id } of rows as { id: string }[]) if (!this.firstActive.has(id)) this.firstActive.set(id, now);
    } catch {
      // A missed look only coarsens the figures (the pool may be closing at the end).
    } finally {
      this.busy = false;
    }
  }

  /** Stops watching and sums up each queue's jobs created since the start. */
  async figures(schema = 'pgboss'): Promise<QueueFigures[]> {
    clearInterval(this.timer);
    const { rows } = await this.db.raw(
      `SELECT id::text AS id, name, state::text AS state, retry_count,
              1000 * extract(epoch FROM greatest(created_on, start_after)) AS due, 1000 * extract(epoch FROM started_on) AS started
         FROM ${schema}.job WHERE created_on >= ? ORDER BY name`,
      [this.since.toISOString()],
    );
    const byName = new Map<string, { id: string; state: string; retry_count: number; due: string; started: string | null }[]>();
    for (const row of rows) byName.set(row.name, [...(byName.get(row.name) ?? []), row]);
    return [...byName].map(([name, jobs]) => {
      const lags: number[] = [];
      for (const job of jobs) {
        if (job.retry_count > 0) continue;
        const due = Number(job.due);
        const started = this.firstActive.get(job.id) ?? (job.started !== null && Number(job.started) >= due ? Number(job.started) : undefined);
        if (started !== undefined) lags.push(Math.max(0, Math.round(started - due)));
      }
      const count = (...states: string[]) => jobs.filter((j) => states.includes(j.state)).length;
      return {
        name,
        jobs: jobs.length,
        completed: count('completed'),
        failed: count('failed'),
        waiting: count('created', 'retry'),
        active: count('active'),
        lagP50Ms: lags.length ? percentile(lags, 50) : null,
        lagP95Ms: lags.length ? percentile(lags, 95) : null,
        lagMaxMs: lags.length ? Math.max(...lags) : null,
      };
    });
  }
}
