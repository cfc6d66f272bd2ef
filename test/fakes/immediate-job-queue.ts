import type { EnqueueOptions, JobData, JobHandler, JobKind, JobQueue, QueueCounts } from '../../src/application/ports/job-queue.js';

/** Runs each job on the next turn of the event loop, once, in this process; keeps what was enqueued. */
export class ImmediateJobQueue implements JobQueue {
  readonly enqueued: Array<{ kind: JobKind; data: unknown; options?: EnqueueOptions }> = [];
  private readonly handlers = new Map<JobKind, JobHandler<JobKind>>();
  private n = 0;
  /** Set to make enqueue fail, as an unreachable queue store would. */
  failWith: Error | undefined;

  async start(): Promise<void> {}
  async stop(): Promise<void> {}
  async enqueue<K extends JobKind>(kind: K, data: JobData[K], options?: EnqueueOptions): Promise<string> {
    if (this.failWith) throw this.failWith;
    const id = `job${++this.n}`;
    this.enqueued.push({ kind, data, options });
    const handler = this.handlers.get(kind);
    if (handler) setImmediate(() => void handler({ id, kind, data, retryCount: 0 }).catch(() => undefined));
    return id;
  }
  async work<K extends JobKind>(kind: K, _options: unknown, handler: JobHandler<K>): Promise<void> {
    this.handlers.set(kind, handler as unknown as JobHandler<JobKind>);
  }
  async schedule(): Promise<void> {}
  async counts(): Promise<QueueCounts[]> {
    return [];
  }
}
