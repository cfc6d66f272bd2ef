// A worker process for the pg-boss crash test: it takes scan.run jobs, says which one it took, and
// never finishes it, so that the test can SIGKILL it mid-handler.
// Run: node --import tsx test/support/job-queue-crash-worker.ts <postgres-url> <schema> [heartbeat-seconds]
import 'reflect-metadata';
import { PgBossJobQueue } from '../../src/adapters/queue/pg-boss-job-queue.js';
import type { Logger } from '../../src/application/ports/logger.js';

const [connectionString, schema, heartbeat] = process.argv.slice(2);
if (!connectionString || !schema) throw new Error('usage: job-queue-crash-worker.ts <postgres-url> <schema> [heartbeat-seconds]');

const quiet = (): void => undefined;
const logger: Logger = { debug: quiet, info: quiet, warn: quiet, error: (fields, message) => console.error(message, JSON.stringify(fields)) };
const queue = new PgBossJobQueue(
  {
    connectionString,
    schema,
    pollingIntervalSeconds: 0.5,
    maintenanceIntervalSeconds: 1,
    retryDelaySeconds: 1,
    heartbeatSeconds: heartbeat ? Number(heartbeat) : undefined,
  },
  logger,
);
await queue.start();
await queue.work('scan.run', { concurrency: 1 }, async (job) => {
  process.stdout.write(`took ${job.id}\n`);
  await new Promise(() => undefined);
});
process.stdout.write('ready\n');
