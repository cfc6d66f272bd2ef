import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import knex, { type Knex } from 'knex';
import type { Job } from '../../../src/application/ports/job-queue.js';
import { countsOf } from '../../contract/job-queue.contract.js';
import { RecordingLogger } from '../../fakes/recording-logger.js';
import { Latch } from '../../support/latch.js';
import { aStore, type PgBossStore } from '../../support/pg-boss-store.js';
import { delay, waitUntil } from '../../support/wait-until.js';

const PG_URL = process.env.VETTED_TEST_PG_URL;
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const HEARTBEAT = 2;
// pg-boss's own maintenance would also fail lapsed jobs: an hour apart, it never runs during a test.
const HEARTBEAT_ONLY = { heartbeatSeconds: HEARTBEAT, maintenanceIntervalSeconds: 3600 };

// The heartbeat of running jobs: a live worker keeps a job far past its heartbeat (up to its whole
// lease), a dead worker's job lapses a heartbeat after its last renewal. Checked to fail without
// the mechanisms, on a copy of the tree: with the periodic renewal off, the first test's job lapses
// and is run again (tries 0, 1, 2); with no renewal at all, pg-boss counts its whole 600 s lease;
// with the queue's expiry check off, the second test's job is not taken over within 15 s; with a
// lapsed try not dropped, the third test's late outcome completes the job while the next try runs.
(PG_URL ? describe : describe.skip)('PgBossJobQueue heartbeat (PostgreSQL)', function () {
  this.timeout(30_000);
  const url = PG_URL ?? '';
  let store: PgBossStore;
  let db: Knex;

  beforeEach(() => {
    store = aStore(url);
    db = knex({ client: 'pg', connection: url, pool: { min: 0, max: 2 } });
  });
  afterEach(async () => {
    await store.dispose();
    await db.destroy();
  });

  /** The job's state, and the seconds until pg-boss would count it as expired, by the database's clock. */
  async function leaseOf(id: string): Promise<{ state: string; left: number }> {
    const { rows } = await db.raw(
      `SELECT state::text, extract(epoch FROM started_on + expire_in - now())::float8 AS left FROM ${store.schema}.job WHERE id = ?`,
      [id],
    );
    return { state: rows[0].state, left: Number(rows[0].left) };
  }

  it('keeps renewing a running job: never expired over five heartbeats, while another instance checks and waits for work', async () => {
    const tries: number[] = [];
    const handler = async (job: Job<'scan.run'>) => {
      tries.push(job.retryCount);
      await delay(5 * HEARTBEAT * 1000);
    };
    const [first, second] = [await store.open(new RecordingLogger(), HEARTBEAT_ONLY), await store.open(new RecordingLogger(), HEARTBEAT_ONLY)];
    await first.work('scan.run', { concurrency: 1 }, handler);
    const id = (await first.enqueue('scan.run', { scanId: 'long' }, { leaseSeconds: 600, retryLimit: 2 }))!;
    await waitUntil('the first instance took the job', () => tries.length === 1);
    // Only now, so the job's one try is the first instance's.
    await second.work('scan.run', { concurrency: 1 }, handler);

    // Renewed right after the fetch, which set the whole lease.
    await waitUntil('the first renewal', async () => (await leaseOf(id)).left <= HEARTBEAT + 0.1, 5000);
    const left: number[] = [];
    for (let lease = await leaseOf(id); lease.state !== 'completed' && tries.length < 3; lease = await leaseOf(id)) {
      if (lease.state === 'active') left.push(lease.left);
      await delay(250);
    }
    expect(tries).to.deep.equal([0]);
    // The lease pg-boss counts is the heartbeat, not the 600 s one: a dead worker's job would lapse soon.
    expect(Math.max(...left)).to.be.at.most(HEARTBEAT + 0.1);
    expect(Math.min(...left)).to.be.above(0);
    expect((await countsOf(first))['scan.run']).to.deep.equal({ waiting: 0, active: 0, failed: 0, completed: 1 });
  });

  it('hands the job of a SIGKILLed worker to another within a few heartbeats, long before its lease', async () => {
    const queue = await store.open(new RecordingLogger(), HEARTBEAT_ONLY);
    const child = spawn(process.execPath, ['--import', 'tsx', 'test/support/job-queue-crash-worker.ts', url, store.schema, String(HEARTBEAT)], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    try {
      await waitUntil('the child process is ready', () => output.includes('ready\n'), 20_000);
      const id = await queue.enqueue('scan.run', { scanId: 'crash' }, { leaseSeconds: 600, retryLimit: 2 });
      await waitUntil('the child took the job', () => output.includes(`took ${id}\n`));
      // Killed once its lease is the heartbeat: until the first renewal after the fetch the job
      // holds the whole 600 s lease (a worker that dies in that moment is taken over only then).
      await waitUntil('the child renewed the job', async () => (await leaseOf(id!)).left <= HEARTBEAT + 0.1, 5000);
      child.kill('SIGKILL');
      await once(child, 'exit');
      const killedAt = Date.now();

      const handled: Job<'scan.run'>[] = [];
      await queue.work('scan.run', { concurrency: 1 }, async (job) => void handled.push(job));
      await waitUntil('the job is completed here', async () => (await countsOf(queue))['scan.run'].completed === 1, 15_000);
      // A heartbeat, an expiry check (a fifth of one), the retry backoff (1 to 2 s) and a poll (0.5 s).
      expect(Date.now() - killedAt).to.be.below(HEARTBEAT * 1000 + 400 + 2000 + 500 + 1500);
      expect(handled.map(({ id, retryCount }) => ({ id, retryCount }))).to.deep.equal([{ id, retryCount: 1 }]);
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
  });

  it('drops a try that lapsed while its handler ran: its late outcome leaves the next try running', async () => {
    const logger = new RecordingLogger();
    const [first, second] = [await store.open(logger, HEARTBEAT_ONLY), await store.open(new RecordingLogger(), HEARTBEAT_ONLY)];
    const holds = [new Latch(), new Latch()];
    const tries: number[] = [];
    const handler = async (job: Job<'scan.run'>) => {
      tries.push(job.retryCount);
      await holds[job.retryCount]!.opened;
    };
    await first.work('scan.run', { concurrency: 1 }, handler);
    const id = (await first.enqueue('scan.run', { scanId: 'lapsed' }, { leaseSeconds: 600, retryLimit: 2 }))!;
    await waitUntil('the first instance took the job', () => tries.length === 1);
    await second.work('scan.run', { concurrency: 1 }, handler);
    // What an expiry check does to a try whose worker stalled past its heartbeat: back to the queue, due now.
    await db.raw(`UPDATE ${store.schema}.job SET state = 'retry', start_after = now() WHERE id = ?`, [id]);
    await waitUntil('the second instance took the job over', () => tries.length === 2);
    const lapsed = 'job queue: a running job lapsed before it was renewed; its outcome will be ignored';
    await waitUntil('the first instance noticed at its next renewal', () => logger.entries.some((entry) => entry.message === lapsed));

    holds[0]!.open();
    await delay(500);
    const row = await db(`${store.schema}.job`).where({ id }).first('state', 'retry_count');
    expect(row).to.deep.equal({ state: 'active', retry_count: 1 });
    holds[1]!.open();
    await waitUntil('the second try completed the job', async () => (await countsOf(first))['scan.run'].completed === 1);
    expect(tries).to.deep.equal([0, 1]);
  });
});
