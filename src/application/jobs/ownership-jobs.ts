import { inject, injectable } from 'inversify';
import type { Job, JobData } from '../ports/job-queue.js';
import { Logger } from '../ports/logger.js';
import { OWNERSHIP_JOB_RETRIES } from '../trust/brand-ownership.js';
import { CheckBrandOwnership } from '../trust/check-brand-ownership.js';
import type { JobKindHandler } from './job-kind-handler.js';

/** `ownership.check`: looks for evidence that a brand owns one lookalike name, two names at a time. */
@injectable()
export class OwnershipCheckHandler implements JobKindHandler<'ownership.check'> {
  readonly kind = 'ownership.check';
  readonly concurrency = 2;

  constructor(
    @inject(CheckBrandOwnership) private readonly checkBrandOwnership: CheckBrandOwnership,
    @inject(Logger) private readonly logger: Logger,
  ) {}

  async handle(data: JobData['ownership.check'], job: Job<'ownership.check'>): Promise<void> {
    const check = await this.checkBrandOwnership.run(data.domain, data.lookalikeOf, { lastTry: job.retryCount >= OWNERSHIP_JOB_RETRIES });
    if (check) this.logger.info({ domain: check.domain, brand: check.brand, evidence: check.evidence.map((e) => e.kind), jobId: job.id }, 'ownership checked');
  }
}
