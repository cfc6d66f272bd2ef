import { ContainerModule } from 'inversify';
import type { AppConfig } from '../../application/ports/app-config.js';
import { JobQueue } from '../../application/ports/job-queue.js';
import { InProcessJobQueue } from './in-process-job-queue.js';
import { InProcessJobQueueOptions, JobQueueOptions } from './job-queue-options.js';
import { PgBossJobQueue } from './pg-boss-job-queue.js';

/** Queue settings the configuration does not hold: faster polling and maintenance, for tests. */
export type QueueTuning = Pick<
  JobQueueOptions,
  'pollingIntervalSeconds' | 'maintenanceIntervalSeconds' | 'cronMonitorIntervalSeconds' | 'cronWorkerIntervalSeconds' | 'retryDelaySeconds'
>;

/**
 * The job queue: pg-boss in the schema `<schema>_jobs` (or `pgboss`) when DATABASE_URL is
 * PostgreSQL, else the in-process queue. Either is stopped, its running jobs handed back, when the
 * container is closed.
 */
export function queueModule(config: AppConfig, options: { readonly schema?: string; readonly tuning?: QueueTuning } = {}): ContainerModule {
  return new ContainerModule(({ bind }) => {
    if (/^postgres(ql)?:\/\//.test(config.databaseUrl)) {
      const schema = options.schema ? `${options.schema}_jobs` : 'pgboss';
      bind<JobQueueOptions>(JobQueueOptions).toConstantValue({ connectionString: config.databaseUrl, schema, ...options.tuning });
      bind<JobQueue>(JobQueue)
        .to(PgBossJobQueue)
        .onDeactivation((queue) => queue.stop({ graceful: false }));
    } else {
      bind<InProcessJobQueueOptions>(InProcessJobQueueOptions).toConstantValue({});
      bind<JobQueue>(JobQueue)
        .to(InProcessJobQueue)
        .onDeactivation((queue) => queue.stop({ graceful: false }));
    }
  });
}
