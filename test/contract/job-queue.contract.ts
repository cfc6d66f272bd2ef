import { expect } from 'chai';
import type { Job, JobKind, JobQueue, QueueCounts } from '../../src/application/ports/job-queue.js';
import { Latch } from '../support/latch.js';
import { delay, waitUntil } from '../support/wait-until.js';

/** A started queue and a way to reach the same store again. */
export interface JobQueueSubject {
  readonly queue: JobQueue;
  /** Another started queue on the same store: a second instance on pg-boss, the same queue in-process. */
  other(): Promise<JobQueue>;
  /** Stops every queue made (stopping twice is harmless) and drops the store. */
  dispose(): Promise<void>;
}

type Counts = Omit<QueueCounts, 'kind'>;

/** The counts of `queue`, by kind. */
export async function countsOf(queue: JobQueue): Promise<Record<JobKind, Counts>> {
  const byKind: Partial<Record<string, Counts>> = {};
  for (const { kind, waiting, active, failed, completed } of await queue.counts()) byKind[kind] = { waiting, active, failed, completed };
  return byKind as Record<JobKind, Counts>;
}

const NONE: Counts = { waiting: 0, active: 0, failed: 0, completed: 0 };

/** What every JobQueue adapter must do. Each test uses its own subject; hung handlers are let go after it. */
export function jobQueueContract(make: () => Promise<JobQueueSubject>): void {
  let s: JobQueueSubject;
  let hold: Latch;
  beforeEach(async () => {
    s = await make();
    hold = new Latch();
  });
  afterEach(async () => {
    hold.open();
    await s.dispose();
  });

  it('hands every job to exactly one of two concurrently working instances', async () => {
    const other = await s.other();
    const seen: Job<'scan.run'>[] = [];
    const byWorker = { first: 0, second: 0 };
    let inFlight = 0;
    const handler = (worker: keyof typeof byWorker) => async (job: Job<'scan.run'>) => {
      seen.push(job);
      byWorker[worker] += 1;
      inFlight += 1;
      await hold.opened;
      inFlight -= 1;
    };
    await s.queue.work('scan.run', { concurrency: 3 }, handler('first'));
    await other.work('scan.run', { concurrency: 3 }, handler('second'));
    const scanIds = Array.from({ length: 20 }, (_, i) => `scan-${i}`);
    const ids = await Promise.all(scanIds.map((scanId) => s.queue.enqueue('scan.run', { scanId })));

    await waitUntil('both instances hold three jobs', () => inFlight === 6);
    expect(byWorker).to.deep.equal({ first: 3, second: 3 });
    hold.open();
    await waitUntil('all 20 jobs completed', async () => (await countsOf(s.queue))['scan.run'].completed === 20);

    expect(seen.map((job) => job.id).sort()).to.deep.equal([...ids].sort());
    expect(seen.map((job) => job.data.scanId).sort()).to.deep.equal([...scanIds].sort());
    expect(seen.every((job) => job.kind === 'scan.run' && job.retryCount === 0)).to.equal(true);
    expect((await countsOf(s.queue))['scan.run']).to.deep.equal({ ...NONE, completed: 20 });
  });

  it('runs at most `concurrency` handlers at once for one work() call', async () => {
    let inFlight = 0;
    let most = 0;
    await s.queue.work('proof.recheck', { concurrency: 2 }, async (job) => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      await hold.opened;
      // Uneven lengths, so that slots free one at a time and a queue that over-claims gets the chance.
      await delay(job.data.entityIds[0] === 'slow' ? 300 : 20);
      inFlight -= 1;
    });
    for (let i = 0; i < 8; i += 1) await s.queue.enqueue('proof.recheck', { entityIds: [i % 2 ? 'slow' : 'quick'] });

    await waitUntil('two handlers run', () => inFlight >= 2);
    // Time for several polls while both slots are taken: a third claim would show here.
    await delay(1200);
    expect((await countsOf(s.queue))['proof.recheck']).to.deep.equal({ ...NONE, waiting: 6, active: 2 });
    hold.open();
    await waitUntil('all 8 jobs completed', async () => (await countsOf(s.queue))['proof.recheck'].completed === 8);
    expect(most).to.equal(2);
  });

  it('retries a throwing handler with backoff, telling it the retry count', async () => {
    const tries: number[] = [];
    await s.queue.work('scan.run', { concurrency: 1 }, async (job) => {
      tries.push(job.retryCount);
      if (job.retryCount === 0) throw new Error('the first try fails');
    });
    await s.queue.enqueue('scan.run', { scanId: 'flaky' }, { retryLimit: 1 });

    await waitUntil('the retry completed', async () => (await countsOf(s.queue))['scan.run'].completed === 1);
    expect(tries).to.deep.equal([0, 1]);
    expect((await countsOf(s.queue))['scan.run']).to.deep.equal({ ...NONE, completed: 1 });
  });

  it('keeps one waiting or active job per singleton key, across instances', async () => {
    const other = await s.other();
    expect(await s.queue.enqueue('proof.sweep', {}, { singletonKey: 'tick' })).to.be.a('string');
    expect(await other.enqueue('proof.sweep', {}, { singletonKey: 'tick' })).to.equal(undefined);
    const racing = await Promise.all([s.queue, other, s.queue, other, s.queue].map((q) => q.enqueue('proof.sweep', {}, { singletonKey: 'race' })));
    expect(racing.filter((id) => id !== undefined)).to.have.length(1);
    expect(await s.queue.enqueue('proof.sweep', {}, { singletonKey: 'another' })).to.be.a('string');
    expect(await s.queue.enqueue('scan.run', { scanId: 'x' }, { singletonKey: 'tick' }), 'keys are per kind').to.be.a('string');

    await s.queue.work('proof.sweep', { concurrency: 3 }, () => hold.opened);
    await waitUntil('the three sweeps run', async () => (await countsOf(s.queue))['proof.sweep'].active === 3);
    expect(await other.enqueue('proof.sweep', {}, { singletonKey: 'tick' }), 'while active').to.equal(undefined);
    hold.open();
    await waitUntil('the sweeps completed', async () => (await countsOf(s.queue))['proof.sweep'].completed === 3);
    expect(await other.enqueue('proof.sweep', {}, { singletonKey: 'tick' }), 'once completed').to.be.a('string');
  });

  it('holds a job enqueued with startAfterSeconds until then, and runs it after', async () => {
    const ran: number[] = [];
    await s.queue.work('webhook.deliver', { concurrency: 1 }, async () => void ran.push(Date.now()));
    const enqueuedAt = Date.now();
    await s.queue.enqueue('webhook.deliver', { watchId: 'wch_later' }, { startAfterSeconds: 2 });
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(ran, 'not before its time').to.deep.equal([]);
    await waitUntil('the delayed job runs', () => ran.length === 1, 15_000);
    expect(ran[0]! - enqueuedAt).to.be.at.least(1000);
  });

  it('counts waiting, active, failed and completed jobs per kind', async () => {
    const idle = { 'observations.sweep': NONE, 'observations.refresh': NONE, 'observations.first': NONE };
    const watchKinds = { 'events.detect': NONE, 'events.sweep': NONE, 'webhook.deliver': NONE };
    const lastKinds = { 'ownership.check': NONE, 'cdn.purge': NONE };
    expect(await countsOf(s.queue)).to.deep.equal({ ...idle, 'proof.sweep': NONE, 'proof.recheck': NONE, 'scan.run': NONE, ...watchKinds, ...lastKinds });
    for (let i = 0; i < 3; i += 1) await s.queue.enqueue('proof.recheck', { entityIds: [`e${i}`] });
    await s.queue.work('scan.run', { concurrency: 1 }, () => hold.opened);
    await s.queue.enqueue('scan.run', { scanId: 'held' });
    await s.queue.work('proof.sweep', { concurrency: 1 }, async () => {
      throw new Error('always fails');
    });
    await s.queue.enqueue('proof.sweep', {}, { retryLimit: 0 });

    // In the adapters' order of kinds, which the string comparison below depends on.
    const expected = {
      'proof.sweep': { ...NONE, failed: 1 },
      'proof.recheck': { ...NONE, waiting: 3 },
      ...idle,
      'scan.run': { ...NONE, active: 1 },
      ...watchKinds,
      ...lastKinds,
    };
    await waitUntil('the counts settle', async () => JSON.stringify(await countsOf(s.queue)) === JSON.stringify(expected));
    expect(await countsOf(s.queue)).to.deep.equal(expected);
  });

  it('waits for a running handler on a graceful stop', async () => {
    const other = await s.other();
    const started = new Latch();
    let finished = false;
    await s.queue.work('scan.run', { concurrency: 1 }, async () => {
      started.open();
      await hold.opened;
      finished = true;
    });
    await s.queue.enqueue('scan.run', { scanId: 'slow' });
    await started.opened;

    let stopped = false;
    const stopping = s.queue.stop({ graceful: true, timeoutMs: 15_000 }).then(() => {
      stopped = true;
    });
    await delay(500);
    expect(stopped, 'stop resolved while the handler ran').to.equal(false);
    hold.open();
    await stopping;
    expect(finished).to.equal(true);
    expect((await countsOf(other))['scan.run']).to.deep.equal({ ...NONE, completed: 1 });
  });

  for (const stop of [{ graceful: true, timeoutMs: 300 }, { graceful: false }]) {
    it(`hands a running job back on a stop that does not wait for it (${JSON.stringify(stop)})`, async () => {
      const other = await s.other();
      const started = new Latch();
      await s.queue.work('scan.run', { concurrency: 1 }, async () => {
        started.open();
        await hold.opened;
      });
      await s.queue.enqueue('scan.run', { scanId: 'stuck' });
      await started.opened;

      await s.queue.stop(stop);
      expect((await countsOf(other))['scan.run']).to.deep.equal({ ...NONE, waiting: 1 });
    });
  }

  it('hands a job out again when its handler runs past the lease, and ignores the late outcome', async () => {
    const other = await s.other();
    const tries: number[] = [];
    const lateEnded = new Latch();
    const handler = async (job: Job<'scan.run'>): Promise<void> => {
      tries.push(job.retryCount);
      if (job.retryCount > 0) return;
      try {
        await hold.opened;
        throw new Error('too late to matter');
      } finally {
        lateEnded.open();
      }
    };
    // Two slots, since the late handler keeps its own until it ends.
    await s.queue.work('scan.run', { concurrency: 1 }, handler);
    await other.work('scan.run', { concurrency: 1 }, handler);
    await s.queue.enqueue('scan.run', { scanId: 'hung' }, { leaseSeconds: 1, retryLimit: 1 });

    await waitUntil('the job is completed by a second try', async () => (await countsOf(s.queue))['scan.run'].completed === 1);
    expect(tries).to.deep.equal([0, 1]);
    hold.open();
    await lateEnded.opened;
    await delay(200);
    expect((await countsOf(s.queue))['scan.run']).to.deep.equal({ ...NONE, completed: 1 });
  });
}
