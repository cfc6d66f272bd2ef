import { randomUUID } from 'node:crypto';
import { inject, injectable } from 'inversify';
import {
  JOB_KINDS,
  type EnqueueOptions,
  type Job,
  type JobData,
  type JobHandler,
  type JobKind,
  type JobQueue,
  type QueueCounts,
  type WorkOptions,
} from '../../application/ports/job-queue.js';
import { Logger } from '../../application/ports/logger.js';
import { checkConcurrency, checkLease, checkRetryLimit, InProcessJobQueueOptions, resolveJobDefaults, type ResolvedJobDefaults } from './job-queue-options.js';
import { messageOf, settledBy } from './settled-by.js';

const LEASE_EXPIRED = new Error('the job ran past its lease');

interface Entry {
  readonly id: string;
  readonly kind: JobKind;
  readonly data: JobData[JobKind];
  readonly leaseSeconds: number;
  readonly retryLimit: number;
  readonly singletonKey: string | undefined;
  retryCount: number;
  state: 'waiting' | 'active' | 'ended';
  /** Epoch ms before which a retry is not handed out. */
  notBefore: number;
  /** Bumped at every hand-out: a handler's outcome counts only while its attempt is the current one. */
  attempt: number;
}

interface Registration {
  readonly kind: JobKind;
  readonly concurrency: number;
  readonly handler: JobHandler<JobKind>;
  /** Handlers still running, including those past their lease. */
  readonly running: Set<Promise<void>>;
}

/**
 * The job queue of embedded SQLite: jobs live in this process's memory and are lost with it, so
 * exactly-once across processes rests on the claims the use cases make in the database. Within the
 * process: one claim per job, at most `concurrency` handlers per work() call, retries with exponential
 * backoff, singleton keys, and a lease: a handler still running when its lease ends cannot be stopped,
 * but its try counts as failed, the job is handed out again (to a free slot; the late handler keeps
 * its own until it settles) and the late outcome is ignored.
 */
@injectable()
export class InProcessJobQueue implements JobQueue {
  // Many instances: the exception to "per request or a cleared cache". On embedded SQLite this
  // memory IS the queue: the authoritative list of waiting jobs of this process, neither per request
  // nor a cache, and lost with the process. What keeps that safe across processes lives in the
  // database: proofs stay claimed (claimed_until) and come back to a sweep when the claim lapses,
  // and admission was decided before a scan was queued. What it does not cover: a scan_jobs row left
  // `queued` or `running` by a process that died stays so (see docs/operations.md, Running several instances).
  // Size: `ready` and `delayed` grow with what producers enqueue, bounded in practice by scan
  // admission (120 a minute) and by sweeps (one job per 100 due proofs); `singletons` holds keys of
  // waiting or running jobs only; `ended` is two counters per kind.
  private readonly ready = new Map<JobKind, Map<string, Entry>>(JOB_KINDS.map((kind) => [kind, new Map()]));
  private readonly delayed = new Set<Entry>();
  private readonly active = new Map<string, Entry>();
  private readonly singletons = new Set<string>();
  private readonly ended = new Map<JobKind, { completed: number; failed: number }>(JOB_KINDS.map((kind) => [kind, { completed: 0, failed: 0 }]));
  private registrations: Registration[] = [];
  private readonly timers = new Set<NodeJS.Timeout>();
  private retryTimer: NodeJS.Timeout | undefined;
  private started = false;
  private readonly defaults: ResolvedJobDefaults;

  constructor(
    @inject(InProcessJobQueueOptions) options: InProcessJobQueueOptions,
    @inject(Logger) private readonly logger: Logger,
  ) {
    this.defaults = resolveJobDefaults(options);
  }

  async start(): Promise<void> {
    this.started = true;
    this.dispatch();
  }

  async stop(options: { graceful: boolean; timeoutMs?: number } = { graceful: true }): Promise<void> {
    this.started = false;
    for (const timer of this.timers) clearInterval(timer);
    this.timers.clear();
    clearTimeout(this.retryTimer);
    const running = this.registrations.flatMap((registration) => [...registration.running]);
    this.registrations = [];
    if (options.graceful) await settledBy(running, Date.now() + (options.timeoutMs ?? 10_000));
    for (const entry of this.active.values()) {
      this.logger.warn({ queue: entry.kind, jobId: entry.id }, 'job queue: the queue stopped before the job ended; handing it back');
      this.requeue(entry, Date.now());
    }
    this.active.clear();
  }

  async enqueue<K extends JobKind>(kind: K, data: JobData[K], options: EnqueueOptions = {}): Promise<string | undefined> {
    const singletonKey = options.singletonKey === undefined ? undefined : `${kind}\u0000${options.singletonKey}`;
    const entry: Entry = {
      id: randomUUID(),
      kind,
      data,
      leaseSeconds: checkLease(options.leaseSeconds ?? this.defaults.leaseSeconds),
      retryLimit: checkRetryLimit(options.retryLimit ?? this.defaults.retryLimit),
      singletonKey,
      retryCount: 0,
      state: 'waiting',
      notBefore: 0,
      attempt: 0,
    };
    if (singletonKey !== undefined) {
      if (this.singletons.has(singletonKey)) return undefined;
      this.singletons.add(singletonKey);
    }
    const startAfterMs = Math.max(0, options.startAfterSeconds ?? 0) * 1000;
    if (startAfterMs > 0) {
      entry.notBefore = Date.now() + startAfterMs;
      this.delayed.add(entry);
    } else this.ready.get(kind)!.set(entry.id, entry);
    this.dispatch();
    return entry.id;
  }

  async work<K extends JobKind>(kind: K, options: WorkOptions, handler: JobHandler<K>): Promise<void> {
    const concurrency = checkConcurrency(options.concurrency);
    this.registrations.push({ kind, concurrency, handler: handler as unknown as JobHandler<JobKind>, running: new Set() });
    this.dispatch();
  }

  /** Ticks every `everySeconds` (the first one period from now) until stop(); a tick is skipped while the previous tick's job waits or runs. */
  async schedule<K extends JobKind>(kind: K, everySeconds: number, data: JobData[K]): Promise<void> {
    if (!(everySeconds > 0)) throw new RangeError(`everySeconds must be positive, not ${everySeconds}`);
    const timer = setInterval(() => void this.enqueue(kind, data, { singletonKey: `schedule:${kind}` }), everySeconds * 1000);
    timer.unref();
    this.timers.add(timer);
  }

  /** Completed and failed are counted since this queue was made. */
  async counts(): Promise<QueueCounts[]> {
    const active = [...this.active.values()];
    const delayed = [...this.delayed];
    return JOB_KINDS.map((kind) => ({
      kind,
      waiting: this.ready.get(kind)!.size + delayed.filter((entry) => entry.kind === kind).length,
      active: active.filter((entry) => entry.kind === kind).length,
      ...this.ended.get(kind)!,
    }));
  }

  /** Hands every ready job to a free slot; the only place jobs are claimed, and synchronous, so a job is claimed once. */
  private dispatch(): void {
    if (!this.started) return;
    const now = Date.now();
    let nextRetry = Infinity;
    for (const entry of this.delayed) {
      if (entry.notBefore > now) {
        nextRetry = Math.min(nextRetry, entry.notBefore);
        continue;
      }
      this.delayed.delete(entry);
      this.ready.get(entry.kind)!.set(entry.id, entry);
    }
    for (const registration of this.registrations) {
      const ready = this.ready.get(registration.kind)!;
      while (registration.running.size < registration.concurrency && ready.size > 0) {
        const entry = ready.values().next().value!;
        ready.delete(entry.id);
        this.run(registration, entry);
      }
    }
    clearTimeout(this.retryTimer);
    if (nextRetry !== Infinity) {
      this.retryTimer = setTimeout(() => this.dispatch(), nextRetry - now);
      this.retryTimer.unref();
    }
  }

  private run(registration: Registration, entry: Entry): void {
    entry.state = 'active';
    const attempt = ++entry.attempt;
    this.active.set(entry.id, entry);
    const job: Job<JobKind> = { id: entry.id, kind: entry.kind, data: entry.data, retryCount: entry.retryCount };
    const lease = setTimeout(() => this.settle(entry, attempt, LEASE_EXPIRED), entry.leaseSeconds * 1000);
    lease.unref();
    const done: Promise<void> = Promise.resolve()
      .then(() => registration.handler(job))
      .then(
        () => this.settle(entry, attempt, undefined),
        (error: unknown) => this.settle(entry, attempt, error),
      )
      .finally(() => {
        clearTimeout(lease);
        registration.running.delete(done);
        this.dispatch();
      });
    registration.running.add(done);
  }

  private settle(entry: Entry, attempt: number, error: unknown): void {
    if (entry.attempt !== attempt || entry.state !== 'active') {
      if (error === LEASE_EXPIRED) return;
      this.logger.warn({ queue: entry.kind, jobId: entry.id }, 'job queue: a handler ended after its job was handed back; its outcome is ignored');
      return;
    }
    this.active.delete(entry.id);
    const ended = this.ended.get(entry.kind)!;
    if (error === undefined) {
      ended.completed += 1;
      this.release(entry);
    } else if (entry.retryCount < entry.retryLimit) {
      const delayMs = this.defaults.retryDelaySeconds * 1000 * 2 ** entry.retryCount;
      this.logger.warn(
        { queue: entry.kind, jobId: entry.id, retryCount: entry.retryCount, error: messageOf(error) },
        'job queue: a job failed; it will be retried',
      );
      entry.retryCount += 1;
      this.requeue(entry, Date.now() + delayMs);
    } else {
      ended.failed += 1;
      this.release(entry);
      this.logger.error({ queue: entry.kind, jobId: entry.id, retryCount: entry.retryCount, error: messageOf(error) }, 'job queue: a job failed for good');
    }
    this.dispatch();
  }

  private requeue(entry: Entry, notBefore: number): void {
    entry.state = 'waiting';
    // A handler still running for the old attempt must not settle the job again.
    entry.attempt += 1;
    entry.notBefore = notBefore;
    this.delayed.add(entry);
  }

  private release(entry: Entry): void {
    entry.state = 'ended';
    if (entry.singletonKey !== undefined) this.singletons.delete(entry.singletonKey);
  }
}
