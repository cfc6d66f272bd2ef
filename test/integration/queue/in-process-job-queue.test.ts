import { expect } from 'chai';
import { InProcessJobQueue } from '../../../src/adapters/queue/in-process-job-queue.js';
import { countsOf, jobQueueContract } from '../../contract/job-queue.contract.js';
import { RecordingLogger } from '../../fakes/recording-logger.js';
import { Latch } from '../../support/latch.js';
import { delay, waitUntil } from '../../support/wait-until.js';

async function startedQueue(): Promise<InProcessJobQueue> {
  const queue = new InProcessJobQueue({ retryDelaySeconds: 0.05 }, new RecordingLogger());
  await queue.start();
  return queue;
}

describe('InProcessJobQueue', () => {
  jobQueueContract(async () => {
    const queue = await startedQueue();
    // "Another instance" in one process is a second work() registration on the same queue.
    return { queue, other: async () => queue, dispose: () => queue.stop({ graceful: false }) };
  });

  it("ticks a schedule, skipping ticks while the previous tick's job still runs", async () => {
    const queue = await startedQueue();
    const hold = new Latch();
    let runs = 0;
    try {
      await queue.work('proof.sweep', { concurrency: 4 }, async () => {
        runs += 1;
        await hold.opened;
      });
      await queue.schedule('proof.sweep', 0.1, {});
      await waitUntil('the first tick runs', () => runs === 1);
      await delay(600);
      expect(runs, 'ticks while the first sweep runs').to.equal(1);
      expect((await countsOf(queue))['proof.sweep']).to.include({ waiting: 0, active: 1 });
      hold.open();
      await waitUntil('later ticks run', () => runs >= 3);
    } finally {
      hold.open();
      await queue.stop({ graceful: false });
    }
    const after = runs;
    await delay(300);
    expect(runs, 'no tick after stop').to.equal(after);
  });

  it('holds jobs enqueued before start until started', async () => {
    const queue = new InProcessJobQueue({}, new RecordingLogger());
    const seen: string[] = [];
    await queue.work('scan.run', { concurrency: 1 }, async (job) => {
      seen.push(job.data.scanId);
    });
    await queue.enqueue('scan.run', { scanId: 'early' });
    await delay(50);
    expect(seen).to.deep.equal([]);
    await queue.start();
    await waitUntil('the early job ran', () => seen.length === 1);
    await queue.stop();
  });
});
