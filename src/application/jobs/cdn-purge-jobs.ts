import { inject, injectable } from 'inversify';
import { PurgeChangedAnswers } from '../caching/purge-changed-answers.js';
import type { Job, JobData } from '../ports/job-queue.js';
import { Logger } from '../ports/logger.js';
import type { JobKindHandler, JobSchedule } from './job-kind-handler.js';

/** How often the writes still owed a purge are looked for, besides the change feed's asking (one tick for all instances). */
const PURGE_SWEEP_SECONDS = 60;

/** `cdn.purge`: sends the purges owed for registry writes; scheduled only with CDN_PURGE_URL. */
@injectable()
export class CdnPurgeHandler implements JobKindHandler<'cdn.purge'> {
  readonly kind = 'cdn.purge';
  readonly concurrency = 1;
  readonly schedule: JobSchedule<'cdn.purge'> | undefined;

  constructor(
    @inject(PurgeChangedAnswers) private readonly purges: PurgeChangedAnswers,
    @inject(Logger) private readonly logger: Logger,
  ) {
    this.schedule = purges.enabled ? { everySeconds: PURGE_SWEEP_SECONDS, data: {} } : undefined;
  }

  async handle(_data: JobData['cdn.purge'], job: Job<'cdn.purge'>): Promise<void> {
    const keys = await this.purges.run();
    if (keys > 0) this.logger.info({ keys, jobId: job.id }, 'shared caches purged');
  }
}
