import { z } from 'zod';

const NOTHING = z.record(z.string(), z.never());
const NAMES = z.array(z.string().min(1)).readonly();

/**
 * The kinds of background work and the payload each carries, as schemas: the one declaration of a
 * kind. Producers (use cases) enqueue against their types (JobData), the queue adapters make one
 * queue per kind, and the worker checks a payload against its schema before the kind's handler
 * (bound to JOB_HANDLER, src/application/jobs) runs. A job whose payload fails its schema
 * fails its try.
 */
export const JOB_PAYLOADS = {
  /** Finds the proofs that are due and hands them out in batches (scheduled: one tick for all instances). */
  'proof.sweep': NOTHING,
  /** Re-checks the proofs of these entities (claimed by the sweep). */
  'proof.recheck': z.object({ entityIds: NAMES }).readonly(),
  /** Puts new members on the observation schedule and hands out due domains in batches (scheduled with proof.sweep). */
  'observations.sweep': NOTHING,
  /** Renews the trust observations of these member domains (claimed by the sweep). */
  'observations.refresh': z.object({ domains: NAMES }).readonly(),
  /** Looks at every observation of `domain` that is missing or too old, first asked by a signals=true read or a new member (singleton per registrable domain). */
  'observations.first': z.object({ domain: z.string().min(1) }).readonly(),
  /** Runs the scan recorded as `scanId`. */
  'scan.run': z.object({ scanId: z.string().min(1) }).readonly(),
  /** Applies the registry writes not processed yet to the watched domains, announcing what changed. */
  'events.detect': NOTHING,
  /** events.detect, a new judgement of every watched domain, and a delivery turn for every watch with one due (scheduled). */
  'events.sweep': NOTHING,
  /** Delivers the pending events of one watch, oldest first. */
  'webhook.deliver': z.object({ watchId: z.string().min(1) }).readonly(),
  /** Looks for evidence that the brand owning catalog domain `lookalikeOf` owns `domain` (singleton per domain). */
  'ownership.check': z.object({ domain: z.string().min(1), lookalikeOf: z.string().min(1) }).readonly(),
  /** Purges from the shared caches the answers every registry write not purged yet may have changed (only with CDN_PURGE_URL). */
  'cdn.purge': NOTHING,
} as const satisfies Record<string, z.ZodType>;

export type JobKind = keyof typeof JOB_PAYLOADS;

/** The payload of each kind of job. */
export type JobData = { readonly [K in JobKind]: z.output<(typeof JOB_PAYLOADS)[K]> };

/** Every job kind, in a fixed order: the queues an adapter creates and counts. */
export const JOB_KINDS: readonly JobKind[] = Object.keys(JOB_PAYLOADS) as JobKind[];

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
