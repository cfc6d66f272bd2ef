/** The kinds of background work and the data each carries. */
export interface JobData {
  /** Finds the proofs that are due and hands them out in batches (scheduled: one tick for all instances). */
  'proof.sweep': Record<string, never>;
  /** Re-checks the proofs of these entities (claimed by the sweep). */
  'proof.recheck': { readonly entityIds: readonly string[] };
  /** Puts new members on the observation schedule and hands out due domains in batches (scheduled with proof.sweep). */
  'observations.sweep': Record<string, never>;
  /** Renews the trust observations of these member domains (claimed by the sweep). */
  'observations.refresh': { readonly domains: readonly string[] };
  /** Runs the scan recorded as `scanId`. */
  'scan.run': { readonly scanId: string };
  /** Applies the registry writes not processed yet to the watched domains, announcing what changed. */
  'events.detect': Record<string, never>;
  /** events.detect, a new judgement of every watched domain, and a delivery turn for every watch with one due (scheduled). */
  'events.sweep': Record<string, never>;
  /** Delivers the pending events of one watch, oldest first. */
  'webhook.deliver': { readonly watchId: string };
  /** Looks for evidence that the brand owning catalog domain `lookalikeOf` owns `domain` (singleton per domain). */
  'ownership.check': { readonly domain: string; readonly lookalikeOf: string };
}
export type JobKind = keyof JobData;

export interface EnqueueOptions {
  /** At most one waiting or active job with this key per kind (on pg-boss across all instances); a second enqueue returns undefined. */
  readonly singletonKey?: string;
  /**
   * How long a handler may hold the job before its try counts as failed and the job is handed out
   * again (as a retry, so it uses one of the tries). 1 s to under 24 h (pg-boss's bounds); the
   * adapter's default (900 s) when left out. The late handler is not stopped: its outcome is ignored.
   * On pg-boss a worker that dies is noticed sooner, when the heartbeat its live worker renews lapses.
   */
  readonly leaseSeconds?: number;
  /** Tries after the first (with exponential backoff); the adapter's default (2) when left out. */
  readonly retryLimit?: number;
  /** Whole seconds to wait before the job may run (a planned retry); 0 or left out: at once. */
  readonly startAfterSeconds?: number;
}

export interface WorkOptions {
  /** Jobs of this kind run at most this many at a time in this process (per work() call); a handler past its lease keeps its slot until it settles. */
  readonly concurrency: number;
}

/** A job as its handler sees it. */
export interface Job<K extends JobKind> {
  readonly id: string;
  readonly kind: K;
  readonly data: JobData[K];
  /** 0 on the first try. */
  readonly retryCount: number;
}

/**
 * Handles one job: resolving completes it, throwing fails this try (retried while tries remain). A job
 * can be handed out again after a crash or an expired lease, so a handler must be idempotent.
 */
export type JobHandler<K extends JobKind> = (job: Job<K>) => Promise<void>;

/** Operators' view of one queue. */
export interface QueueCounts {
  readonly kind: string;
  /** Queued, including failed tries waiting for their retry. */
  readonly waiting: number;
  readonly active: number;
  /** Out of tries (pg-boss: until archived, 12 h after failing). */
  readonly failed: number;
  /** pg-boss: completed in the last 12 h (then archived); in-process: since start. */
  readonly completed: number;
}

/**
 * Background work claimed by exactly one worker, handed out again when its worker dies (a lapsed
 * heartbeat or lease), retried with backoff when its handler throws. Adapters: PgBossJobQueue
 * (pg-boss on PostgreSQL, shared by every instance), InProcessJobQueue (embedded SQLite: this
 * process only; exactly-once across processes then rests on the claims the use cases make in the
 * database).
 */
export interface JobQueue {
  /** Connects and prepares the queues; call before enqueue or work. Fails with AppError INTERNAL_ERROR (the driver's error as `cause`) when the store is down. */
  start(): Promise<void>;
  /**
   * Stops taking jobs and ends the schedules. With `graceful` (the default) waits up to `timeoutMs`
   * (10000 by default) for running handlers; the handlers still running then, or all of them without
   * `graceful`, have their jobs handed back and their outcome ignored. pg-boss fails them, so another
   * instance takes them again as a retry; in-process they wait in memory until start() is called again.
   */
  stop(options?: { graceful: boolean; timeoutMs?: number }): Promise<void>;
  /** Adds a job; resolves with its id, or undefined when a singletonKey job is already waiting or active. Fails with AppError INTERNAL_ERROR when the store is down. */
  enqueue<K extends JobKind>(kind: K, data: JobData[K], options?: EnqueueOptions): Promise<string | undefined>;
  /** Runs `handler` for jobs of `kind` in this process; each call adds `concurrency` handler slots. */
  work<K extends JobKind>(kind: K, options: WorkOptions, handler: JobHandler<K>): Promise<void>;
  /**
   * Enqueues `kind` every `everySeconds`, one job per tick across all instances. On pg-boss a cron of
   * minute resolution: whole minutes dividing an hour (60, 120, …, 1800) or whole hours dividing a day
   * (3600, 7200, …, 86400), the first tick within a minute of the call; in-process any positive
   * number, the first tick one period after the call, skipped while the previous tick's job waits or runs.
   */
  schedule<K extends JobKind>(kind: K, everySeconds: number, data: JobData[K]): Promise<void>;
  /** Counts per kind, for `vetted jobs`. */
  counts(): Promise<QueueCounts[]>;
}
export const JobQueue = Symbol('JobQueue');
