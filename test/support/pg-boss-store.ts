import { randomBytes } from 'node:crypto';
import knex from 'knex';
import type { JobQueueOptions } from '../../src/adapters/queue/job-queue-options.js';
import { PgBossJobQueue } from '../../src/adapters/queue/pg-boss-job-queue.js';
import { RecordingLogger } from '../fakes/recording-logger.js';

/** A fresh pg-boss schema on `url` and the queues opened on it. */
export interface PgBossStore {
  readonly schema: string;
  /** The options of a queue on this schema, with intervals short enough for tests, then `extra`. */
  options(extra?: Partial<JobQueueOptions>): JobQueueOptions;
  /** A started queue on this schema; stopped by dispose. */
  open(logger?: RecordingLogger, extra?: Partial<JobQueueOptions>): Promise<PgBossJobQueue>;
  /** Stops every queue opened and drops the schema. */
  dispose(): Promise<void>;
}

/** pg-boss instances on one fresh schema, with intervals short enough for tests; dispose stops them and drops the schema. */
export function aStore(url: string): PgBossStore {
  const schema = `jobs_test_${randomBytes(6).toString('hex')}`;
  const queues: PgBossJobQueue[] = [];
  const options = (extra: Partial<JobQueueOptions> = {}): JobQueueOptions => ({
    connectionString: url,
    schema,
    pollingIntervalSeconds: 0.5,
    maintenanceIntervalSeconds: 1,
    cronMonitorIntervalSeconds: 1,
    cronWorkerIntervalSeconds: 1,
    retryDelaySeconds: 1,
    ...extra,
  });
  return {
    schema,
    options,
    async open(logger = new RecordingLogger(), extra: Partial<JobQueueOptions> = {}): Promise<PgBossJobQueue> {
      const queue = new PgBossJobQueue(options(extra), logger);
      await queue.start();
      queues.push(queue);
      return queue;
    },
    async dispose(): Promise<void> {
      await Promise.all(queues.map((queue) => queue.stop({ graceful: false })));
      const admin = knex({ client: 'pg', connection: url, pool: { min: 0, max: 1 } });
      try {
        await admin.raw(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      } finally {
        await admin.destroy();
      }
    },
  };
}
