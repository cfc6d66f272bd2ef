import type PgBoss from 'pg-boss';
import type { JobData, JobHandler, JobKind } from '../../application/ports/job-queue.js';
import type { Logger } from '../../application/ports/logger.js';
import type { PgBossLeases } from './pg-boss-leases.js';
import { messageOf, settledBy } from './settled-by.js';

interface Running {
  readonly id: string;
  readonly retryCount: number;
  /** Whether its lease is longer than the heartbeat, so this worker renews it while the handler runs. */
  readonly renewed: boolean;
  /** Settles when the handler does, whatever its outcome. */
  done: Promise<void>;
  /** True once the job's outcome went to pg-boss (completed, failed, or handed back). */
  reported: boolean;
}

/**
 * One work() call on pg-boss: a loop that fetches at most as many jobs as it has free slots, runs each
 * on its own lease, and completes or fails each on its own. pg-boss 10's work() runs a batch as one
 * unit and has no concurrency setting, hence fetch/complete/fail here. While a handler runs, its job's
 * heartbeat is renewed every third of the heartbeat (PgBossLeases), so a job held by a live worker
 * runs up to its whole lease and one held by a dead worker lapses a heartbeat after its last renewal.
 */
export class PgBossWorker<K extends JobKind> {
  // Many instances: per job, like per request, and no cache. The jobs live in pg-boss's tables,
  // shared by every instance; `running` holds only the handlers this process is running now (at
  // most `concurrency`, each removed when it settles), and the other fields are this worker's own
  // start/stop state. Nothing here copies stored data, so the change feed has nothing to clear, and
  // a crash loses nothing: the job's heartbeat lapses and another worker retries the job.
  private readonly running = new Map<string, Running>();
  private stopped = false;
  private loop: Promise<void> | undefined;
  private wake: (() => void) | undefined;
  private renewTimer: NodeJS.Timeout | undefined;
  private renewing: Promise<void> | undefined;

  constructor(
    private readonly boss: PgBoss,
    private readonly kind: K,
    private readonly concurrency: number,
    private readonly handler: JobHandler<K>,
    private readonly pollingMs: number,
    private readonly leases: PgBossLeases,
    private readonly logger: Logger,
  ) {}

  start(): void {
    this.loop = this.poll();
    this.renewTimer = setInterval(
      () => {
        // A renewal still waiting on the database is not doubled up.
        this.renewing ??= this.renew([...this.running.values()]).finally(() => (this.renewing = undefined));
      },
      (this.leases.heartbeatSeconds * 1000) / 3,
    );
    this.renewTimer.unref();
  }

  /**
   * Takes no more jobs; with `graceful` waits until `deadline` (epoch ms) for the running handlers,
   * then hands back (fails, so pg-boss retries them) the jobs whose handlers still run.
   */
  async stop(graceful: boolean, deadline: number): Promise<void> {
    this.stopped = true;
    this.wake?.();
    await this.loop;
    if (graceful)
      await settledBy(
        [...this.running.values()].map((r) => r.done),
        deadline,
      );
    await Promise.all([...this.running.values()].map((r) => this.handBack(r, 'the worker stopped before the job ended')));
    // Renewed until handed back: a graceful stop may wait longer than a heartbeat.
    clearInterval(this.renewTimer);
    await this.renewing;
  }

  private async poll(): Promise<void> {
    while (!this.stopped) {
      const free = this.concurrency - this.running.size;
      if (free > 0) {
        // Taken before the fetch, so the local lease ends no later than the one pg-boss counts from started_on.
        const claimedAt = Date.now();
        const jobs = await this.fetch(free);
        // Renewed at once, so a job whose worker dies right after taking it lapses after a heartbeat, not its lease.
        await this.renew(jobs.map((job) => this.begin(job, claimedAt)));
        if (jobs.length === free || this.stopped) continue;
      }
      await this.sleep(free > 0 ? this.pollingMs : undefined);
    }
  }

  private async fetch(batchSize: number): Promise<PgBoss.JobWithMetadata<JobData[K]>[]> {
    try {
      // pg-boss 10 swallows the errors of its fetch query and answers []; its 'error' events and our pool's report outages.
      return await this.boss.fetch<JobData[K]>(this.kind, { batchSize, includeMetadata: true });
    } catch (error) {
      this.logger.error({ queue: this.kind, error: messageOf(error) }, 'job queue: fetching jobs failed');
      return [];
    }
  }

  private begin(job: PgBoss.JobWithMetadata<JobData[K]>, claimedAt: number): Running {
    const leaseSeconds = Number(job.expireInSeconds);
    const entry: Running = { id: job.id, retryCount: job.retryCount, renewed: this.leases.renews(leaseSeconds), done: Promise.resolve(), reported: false };
    // The whole lease, counted here: renewals keep the job alive in pg-boss, so this is what ends a hung handler's try.
    const leaseMs = leaseSeconds * 1000 - (Date.now() - claimedAt);
    const lease = setTimeout(() => void this.handBack(entry, 'the job ran past its lease'), Math.max(0, leaseMs));
    // A hung handler must not keep a stopped process alive until its lease ends.
    lease.unref();
    entry.done = Promise.resolve()
      .then(() => this.handler({ id: job.id, kind: this.kind, data: job.data, retryCount: job.retryCount }))
      .then(
        () => this.report(entry, undefined),
        (error: unknown) => this.report(entry, error),
      )
      .finally(() => {
        clearTimeout(lease);
        this.running.delete(job.id);
        this.wake?.();
      });
    this.running.set(job.id, entry);
    return entry;
  }

  /** Renews the heartbeat of `entries` still running here; a job whose try is gone (it lapsed and was failed) is dropped. */
  private async renew(entries: readonly Running[]): Promise<void> {
    const held = entries.filter((entry) => entry.renewed && !entry.reported);
    if (held.length === 0) return;
    let alive: Set<string>;
    try {
      alive = await this.leases.renew(this.kind, held);
    } catch (error) {
      // Not renewed this time; the next tick tries again, and the job lapses if the database stays away.
      this.logger.error({ queue: this.kind, error: messageOf(error) }, 'job queue: renewing running jobs failed');
      return;
    }
    for (const entry of held) {
      if (alive.has(entry.id) || entry.reported) continue;
      // Failed by an expiry check: its outcome must not complete or fail the job another worker may be running now.
      entry.reported = true;
      this.logger.warn({ queue: this.kind, jobId: entry.id }, 'job queue: a running job lapsed before it was renewed; its outcome will be ignored');
    }
  }

  private async report(entry: Running, error: unknown): Promise<void> {
    if (entry.reported) {
      this.logger.warn({ queue: this.kind, jobId: entry.id }, 'job queue: a handler ended after its job was handed back; its outcome is ignored');
      return;
    }
    entry.reported = true;
    try {
      if (error === undefined) {
        await this.boss.complete(this.kind, entry.id);
      } else {
        this.logger.warn({ queue: this.kind, jobId: entry.id, error: messageOf(error) }, 'job queue: a job failed');
        await this.boss.fail(this.kind, entry.id, { message: messageOf(error) });
      }
    } catch (cause) {
      // The job stays active; pg-boss's maintenance fails it once its lease runs out, and it is retried.
      this.logger.error({ queue: this.kind, jobId: entry.id, error: messageOf(cause) }, 'job queue: recording a job outcome failed');
    }
  }

  private async handBack(entry: Running, reason: string): Promise<void> {
    if (entry.reported) return;
    entry.reported = true;
    this.logger.warn({ queue: this.kind, jobId: entry.id }, `job queue: ${reason}; handing it back`);
    try {
      await this.boss.fail(this.kind, entry.id, { message: reason });
    } catch (cause) {
      this.logger.error({ queue: this.kind, jobId: entry.id, error: messageOf(cause) }, 'job queue: handing a job back failed');
    }
  }

  private sleep(ms: number | undefined): Promise<void> {
    return new Promise((resolve) => {
      const timer = ms === undefined ? undefined : setTimeout(done, ms);
      function done(): void {
        clearTimeout(timer);
        resolve();
      }
      this.wake = done;
    });
  }
}
