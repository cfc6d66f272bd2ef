import type PgBoss from 'pg-boss';

/** One try of a job this process runs: pg-boss bumps `retry_count` at every hand-out, so the pair names the try. */
export interface HeldJob {
  readonly id: string;
  readonly retryCount: number;
}

/** The heartbeat when JobQueueOptions leaves it out. */
export const DEFAULT_HEARTBEAT_SECONDS = 10;

/** Throws RangeError unless at least 2 s (a renewal every third of it) and under a day. */
export function checkHeartbeat(seconds: number): number {
  if (!(seconds >= 2 && seconds < 86_400)) throw new RangeError(`heartbeatSeconds must be from 2 to under 86400, not ${seconds}`);
  return seconds;
}

/**
 * The heartbeat of running jobs on pg-boss 10, which fails an active job once `started_on +
 * expire_in` has passed and has no way to renew one. A renewal moves `started_on` (which then no
 * longer shows when the try began) so that the job expires `heartbeatSeconds` from now; `expire_in`
 * keeps the job's whole lease, which the worker enforces on a live handler and which pg-boss copies
 * to the job's retries. A job whose worker died stops being renewed and is failed by the next
 * expiry check once its heartbeat lapsed.
 */
export class PgBossLeases {
  private readonly renewSql: string;

  constructor(
    private readonly db: PgBoss.Db,
    schema: string,
    readonly heartbeatSeconds: number,
  ) {
    // Only the try named by (id, retry_count), and only while active: a renewal never revives a
    // job that expiry or a hand-back already failed, nor another worker's later try of it.
    this.renewSql = `UPDATE ${schema}.job AS j SET started_on = now() + make_interval(secs => $3::float8) - j.expire_in
      FROM unnest($2::uuid[], $4::int[]) AS held(id, retry_count)
      WHERE j.name = $1 AND j.id = held.id AND j.retry_count = held.retry_count AND j.state = 'active'
      RETURNING j.id`;
  }

  /** Whether a job with this lease needs renewing: a lease no longer than the heartbeat lapses soon enough by itself. */
  renews(leaseSeconds: number): boolean {
    return leaseSeconds > this.heartbeatSeconds;
  }

  /**
   * Makes each of `held` (jobs of `kind`) expire `heartbeatSeconds` from now; resolves with the ids
   * whose try is still active, so the others are no longer this worker's. Rejects when the
   * database cannot be reached (nothing is known then).
   */
  async renew(kind: string, held: readonly HeldJob[]): Promise<Set<string>> {
    if (held.length === 0) return new Set();
    const { rows } = (await this.db.executeSql(this.renewSql, [kind, held.map((job) => job.id), this.heartbeatSeconds, held.map((job) => job.retryCount)])) as {
      rows: { id: string }[];
    };
    return new Set(rows.map((row) => row.id));
  }
}
