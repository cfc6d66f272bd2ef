import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import knex from 'knex';
import { cronEvery, PgBossJobQueue } from '../../../src/adapters/queue/pg-boss-job-queue.js';
import { AppError } from '../../../src/application/errors.js';
import type { Job } from '../../../src/application/ports/job-queue.js';
import { countsOf, jobQueueContract } from '../../contract/job-queue.contract.js';
import { RecordingLogger } from '../../fakes/recording-logger.js';
import { aStore, type PgBossStore } from '../../support/pg-boss-store.js';
import { rejection } from '../../support/rejection.js';
import { delay, waitUntil } from '../../support/wait-until.js';

const PG_URL = process.env.VETTED_TEST_PG_URL;
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

(PG_URL ? describe : describe.skip)('PgBossJobQueue (PostgreSQL)', function () {
  this.timeout(30_000);
  const url = PG_URL ?? '';

  jobQueueContract(async () => {
    const store = aStore(url);
    const queue = await store.open();
    return { queue, other: () => store.open(), dispose: () => store.dispose() };
  });

  describe('on its own', () => {
    let store: PgBossStore;
    beforeEach(() => {
      store = aStore(url);
    });
    afterEach(async () => {
      await store.dispose();
    });

    it('enqueues one job per schedule tick with two instances running', async function () {
      this.timeout(45_000);
      // pg-boss's cron has minute resolution: stay inside one minute (this test needs about 6 s of it),
      // where exactly one tick is due.
      const intoMinute = Date.now() % 60_000;
      if (intoMinute > 48_000) await delay(60_500 - intoMinute);
      const [first, second] = [await store.open(), await store.open()];
      const runs: string[] = [];
      await first.work('proof.sweep', { concurrency: 2 }, async () => void runs.push('first'));
      await second.work('proof.sweep', { concurrency: 2 }, async () => void runs.push('second'));
      await first.schedule('proof.sweep', 60, {});
      await second.schedule('proof.sweep', 60, {});

      await waitUntil('the tick of this minute ran', () => runs.length > 0);
      // Several more cron checks (1 s apart, on both instances) and send-it polls: a second job would show here.
      await delay(3_000);
      expect(runs).to.have.length(1);
      expect((await countsOf(first))['proof.sweep']).to.deep.equal({ waiting: 0, active: 0, failed: 0, completed: 1 });
    });

    it('turns schedule periods into crons of minute resolution and refuses the others', () => {
      expect([60, 300, 1800, 3600, 21_600, 86_400].map(cronEvery)).to.deep.equal([
        '* * * * *',
        '*/5 * * * *',
        '*/30 * * * *',
        '0 */1 * * *',
        '0 */6 * * *',
        '0 0 * * *',
      ]);
      for (const seconds of [1, 30, 90, 420, 5400]) expect(() => cronEvery(seconds), String(seconds)).to.throw(RangeError);
    });

    it('hands the job of a SIGKILLed worker process to another worker after its lease, which completes it once', async function () {
      this.timeout(45_000);
      const queue = await store.open();
      const child = spawn(process.execPath, ['--import', 'tsx', 'test/support/job-queue-crash-worker.ts', url, store.schema], {
        cwd: ROOT,
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      try {
        await waitUntil('the child process is ready', () => output.includes('ready\n'), 20_000);
        const id = await queue.enqueue('scan.run', { scanId: 'crash' }, { leaseSeconds: 2, retryLimit: 2 });
        await waitUntil('the child took the job', () => output.includes(`took ${id}\n`));
        child.kill('SIGKILL');
        await once(child, 'exit');

        const handled: Job<'scan.run'>[] = [];
        await queue.work('scan.run', { concurrency: 2 }, async (job) => void handled.push(job));
        await waitUntil('the job is completed here', async () => (await countsOf(queue))['scan.run'].completed === 1, 20_000);
        expect(handled.map(({ id, data, retryCount }) => ({ id, data, retryCount }))).to.deep.equal([{ id, data: { scanId: 'crash' }, retryCount: 1 }]);
        expect((await countsOf(queue))['scan.run']).to.deep.equal({ waiting: 0, active: 0, failed: 0, completed: 1 });
      } finally {
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      }
    });

    it('logs the errors of dropped connections instead of crashing, and keeps working', async () => {
      const logger = new RecordingLogger();
      const applicationName = `vetted-jobs-${randomBytes(4).toString('hex')}`;
      const queue = await store.open(logger, { applicationName });
      await queue.counts();
      const admin = knex({ client: 'pg', connection: url, pool: { min: 0, max: 1 } });
      try {
        await admin.raw('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = ?', [applicationName]);
      } finally {
        await admin.destroy();
      }
      await waitUntil('the error is logged', () => logger.entries.some((entry) => entry.level === 'error' && entry.message.includes('pg-boss')));

      const done: string[] = [];
      await queue.work('scan.run', { concurrency: 1 }, async (job) => void done.push(job.data.scanId));
      // A pooled connection killed while busy fails its query once (an AppError to the caller); the pool then replaces it.
      await waitUntil('an enqueue goes through again', () =>
        queue.enqueue('scan.run', { scanId: 'after' }).then(
          () => true,
          (error: unknown) => (error instanceof AppError && error.code === 'INTERNAL_ERROR' ? false : Promise.reject(error)),
        ),
      );
      await waitUntil('the job runs', () => done.length === 1);
      expect(done).to.deep.equal(['after']);
    });

    it('starts three instances at once on a new schema', async () => {
      const queues = await Promise.all([1, 2, 3].map(() => store.open()));
      const ids = await Promise.all(queues.map((queue) => queue.enqueue('scan.run', { scanId: 'same' }, { singletonKey: 'same' })));
      expect(ids.filter((id) => id !== undefined)).to.have.length(1);
      expect((await countsOf(queues[2]!))['scan.run']).to.deep.equal({ waiting: 1, active: 0, failed: 0, completed: 0 });
    });

    it('fails to start with INTERNAL_ERROR naming the queue store when PostgreSQL cannot be reached', async () => {
      const queue = new PgBossJobQueue({ ...store.options(), connectionString: 'postgres://postgres@127.0.0.1:1/test' }, new RecordingLogger());
      const error = await rejection(queue.start());
      expect(error).to.be.instanceOf(AppError);
      expect(error.code).to.equal('INTERNAL_ERROR');
      expect(error.message).to.match(/^the job queue store \(PostgreSQL, pg-boss\) could not be started: .*ECONNREFUSED/);
      expect(error.cause).to.be.instanceOf(Error);
    });
  });
});
