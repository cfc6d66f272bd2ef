import { expect } from 'chai';
import type { JobKindHandler } from '../../../src/application/jobs/job-kind-handler.js';
import { JobWorkers } from '../../../src/application/jobs/job-workers.js';
import { JOB_KINDS, type Job, type JobHandler, type JobKind, type JobQueue } from '../../../src/application/ports/job-queue.js';

/** A queue that keeps what work() and schedule() were given, and runs a job only when asked. */
class RecordingQueue implements Pick<JobQueue, 'work' | 'schedule'> {
  readonly worked: Array<{ kind: JobKind; concurrency: number }> = [];
  readonly scheduled: Array<{ kind: JobKind; everySeconds: number; data: unknown }> = [];
  private readonly handlers = new Map<JobKind, JobHandler<JobKind>>();

  async work<K extends JobKind>(kind: K, options: { concurrency: number }, handler: JobHandler<K>): Promise<void> {
    this.worked.push({ kind, concurrency: options.concurrency });
    this.handlers.set(kind, handler as unknown as JobHandler<JobKind>);
  }
  async schedule<K extends JobKind>(kind: K, everySeconds: number, data: unknown): Promise<void> {
    this.scheduled.push({ kind, everySeconds, data });
  }
  run(kind: JobKind, data: unknown): Promise<void> {
    return this.handlers.get(kind)!({ id: 'job1', kind, data, retryCount: 0 } as Job<JobKind>);
  }
}

/** One handler per kind that records what it was handed. */
function handlersFor(kinds: readonly JobKind[], seen: unknown[]): JobKindHandler[] {
  return kinds.map((kind) => ({
    kind,
    concurrency: kind === 'scan.run' ? 3 : 1,
    schedule: kind === 'events.sweep' ? { everySeconds: 60, data: {} } : undefined,
    async handle(data: unknown) {
      seen.push(data);
    },
  }));
}

describe('JobWorkers', () => {
  it('works every kind with its handler and concurrency, then declares the schedules', async () => {
    const queue = new RecordingQueue();
    await new JobWorkers(queue as unknown as JobQueue, handlersFor(JOB_KINDS, [])).start();
    expect(queue.worked.map((w) => w.kind)).to.deep.equal(JOB_KINDS);
    expect(queue.worked.find((w) => w.kind === 'scan.run')!.concurrency).to.equal(3);
    expect(queue.scheduled).to.deep.equal([{ kind: 'events.sweep', everySeconds: 60, data: {} }]);
  });

  it('hands a handler the payload its schema accepted, and fails the try of one it refuses', async () => {
    const queue = new RecordingQueue();
    const seen: unknown[] = [];
    await new JobWorkers(queue as unknown as JobQueue, handlersFor(JOB_KINDS, seen)).start();
    await queue.run('scan.run', { scanId: 'scn_1' });
    expect(seen).to.deep.equal([{ scanId: 'scn_1' }]);
    let failure: unknown;
    await queue.run('scan.run', { scan: 'scn_1' }).catch((error: unknown) => (failure = error));
    expect(String(failure)).to.match(/a scan\.run job carries a payload its schema refuses/);
    expect(seen).to.have.length(1);
  });

  it('refuses a set that leaves a kind without a handler, or gives one kind two', () => {
    const queue = new RecordingQueue() as unknown as JobQueue;
    expect(
      () =>
        new JobWorkers(
          queue,
          handlersFor(
            JOB_KINDS.filter((kind) => kind !== 'webhook.deliver'),
            [],
          ),
        ),
    ).to.throw(/without a handler.*webhook\.deliver/);
    expect(() => new JobWorkers(queue, handlersFor([...JOB_KINDS, 'scan.run'], []))).to.throw(/more than one handler.*scan\.run/);
  });
});
