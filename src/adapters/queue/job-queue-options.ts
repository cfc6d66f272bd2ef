/** What a job gets when its enqueue leaves a setting out; both queue adapters apply the same defaults. */
export interface JobDefaults {
  /** Lease of a job enqueued without `leaseSeconds`; 900 (pg-boss's own default) when not set. */
  readonly leaseSeconds?: number;
  /** Retries of a job enqueued without `retryLimit`; 2 when not set. */
  readonly retryLimit?: number;
  /**
   * Base of the exponential backoff between tries: retry n waits base × 2^(n-1) seconds (pg-boss adds
   * up to as much again as jitter). 2 when not set; pg-boss needs a whole number of at least 1.
   */
  readonly retryDelaySeconds?: number;
}

/** Settings of PgBossJobQueue; the composition root binds them when DATABASE_URL is PostgreSQL. */
export interface JobQueueOptions extends JobDefaults {
  /** The PostgreSQL URL (a secret: it may carry the password). */
  readonly connectionString: string;
  /** Schema pg-boss keeps its tables in, created on first start; 'pgboss' when not set. Letters, digits and `_`. */
  readonly schema?: string;
  /** `application_name` of the queue's connections, as seen in pg_stat_activity; 'vetted-jobs' when not set. */
  readonly applicationName?: string;
  /** Connections of the queue's own pool; 4 when not set. */
  readonly maxConnections?: number;
  /** How often an idle worker asks for jobs; 2 when not set, at least 0.5. */
  readonly pollingIntervalSeconds?: number;
  /**
   * How long a running job may go without its worker's renewal before it counts as crashed; 10 when
   * not set, at least 2. A live worker renews every third of it (so a healthy job runs up to its
   * whole lease), and every instance with workers fails lapsed jobs every fifth of it: a dead
   * worker's job is handed out again after at most this plus a fifth, the retry backoff and a poll.
   */
  readonly heartbeatSeconds?: number;
  /**
   * How often (once across all instances) pg-boss's maintenance runs: it archives and drops ended
   * jobs, and also fails lapsed ones (which the heartbeat's check does sooner); 60 when not set, at least 1.
   */
  readonly maintenanceIntervalSeconds?: number;
  /** How often (once across all instances) pg-boss checks the cron schedules; 30 when not set, 1 to 45. */
  readonly cronMonitorIntervalSeconds?: number;
  /** How often pg-boss turns due schedule ticks into jobs; 5 when not set, 1 to 45. */
  readonly cronWorkerIntervalSeconds?: number;
}
export const JobQueueOptions = Symbol('JobQueueOptions');

/** Settings of InProcessJobQueue (embedded SQLite); `{}` takes every default. */
export type InProcessJobQueueOptions = JobDefaults;
export const InProcessJobQueueOptions = Symbol('InProcessJobQueueOptions');

/** The defaults with every gap filled. */
export type ResolvedJobDefaults = Required<JobDefaults>;

/** Fills the gaps of `defaults` with 900 s, 2 retries and a 2 s backoff base. */
export function resolveJobDefaults(defaults: JobDefaults): ResolvedJobDefaults {
  return {
    leaseSeconds: checkLease(defaults.leaseSeconds ?? 900),
    retryLimit: checkRetryLimit(defaults.retryLimit ?? 2),
    retryDelaySeconds: defaults.retryDelaySeconds ?? 2,
  };
}

/** The lease of one job; throws RangeError outside 1 s to 24 h (pg-boss's bounds, kept by both adapters). */
export function checkLease(seconds: number): number {
  if (!(seconds >= 1 && seconds < 86_400)) throw new RangeError(`leaseSeconds must be from 1 to under 86400, not ${seconds}`);
  return seconds;
}

/** Retries of one job; throws RangeError unless a whole number of at least 0. */
export function checkRetryLimit(limit: number): number {
  if (!(Number.isInteger(limit) && limit >= 0)) throw new RangeError(`retryLimit must be a whole number >= 0, not ${limit}`);
  return limit;
}

/** Handlers per work() call; throws RangeError unless a whole number of at least 1. */
export function checkConcurrency(concurrency: number): number {
  if (!(Number.isInteger(concurrency) && concurrency >= 1)) throw new RangeError(`concurrency must be a whole number >= 1, not ${concurrency}`);
  return concurrency;
}
