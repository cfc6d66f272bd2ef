import type { Job, JobData, JobKind } from '../ports/job-queue.js';

/** A kind the queue enqueues by itself: every `everySeconds`, one job for all instances, carrying `data`. */
export interface JobSchedule<K extends JobKind> {
  readonly everySeconds: number;
  readonly data: JobData[K];
}

/** The sweeps' schedule: every RECHECK_INTERVAL_MINUTES, none when that is 0 or `enabled` is false. */
export function recheckSchedule<K extends 'proof.sweep' | 'observations.sweep'>(intervalMinutes: number, enabled = true): JobSchedule<K> | undefined {
  return enabled && intervalMinutes > 0 ? { everySeconds: intervalMinutes * 60, data: {} as JobData[K] } : undefined;
}

/**
 * How this process works one kind of background work: the kind (its payload schema is
 * JOB_PAYLOADS[kind], checked before `handle` runs), how many jobs of it run at once, whether the
 * queue schedules it, and the handler, which calls one use case. One injectable class per kind,
 * bound to JOB_HANDLER; JobWorkers works every kind with its handler. A job can be handed out again
 * after a crash or a lapsed lease, so `handle` must be safe to run twice; throwing fails the try.
 */
export interface JobKindHandler<K extends JobKind = JobKind> {
  readonly kind: K;
  readonly concurrency: number;
  readonly schedule?: JobSchedule<K>;
  handle(data: JobData[K], job: Job<K>): Promise<void>;
}
export const JOB_HANDLER = Symbol('JobHandler');
