import { inject, injectable } from 'inversify';
import { AppConfig } from '../ports/app-config.js';
import type { Job, JobData } from '../ports/job-queue.js';
import { Logger } from '../ports/logger.js';
import { RecheckProofs } from '../registration/recheck-proofs.js';
import { SweepDueProofs } from '../registration/sweep-due-proofs.js';
import { recheckSchedule, type JobKindHandler, type JobSchedule } from './job-kind-handler.js';

/** `proof.sweep`: hands due proofs out in batches; scheduled every RECHECK_INTERVAL_MINUTES unless that is 0. */
@injectable()
export class ProofSweepHandler implements JobKindHandler<'proof.sweep'> {
  readonly kind = 'proof.sweep';
  readonly concurrency = 1;
  readonly schedule: JobSchedule<'proof.sweep'> | undefined;

  constructor(
    @inject(AppConfig) config: AppConfig,
    @inject(SweepDueProofs) private readonly sweep: SweepDueProofs,
    @inject(Logger) private readonly logger: Logger,
  ) {
    this.schedule = recheckSchedule(config.recheckIntervalMinutes);
  }

  async handle(): Promise<void> {
    const handedOut = await this.sweep.run();
    if (handedOut > 0) this.logger.info({ handedOut }, 'due proofs handed out');
  }
}

/** `proof.recheck`: re-checks one batch of claimed proofs. */
@injectable()
export class ProofRecheckHandler implements JobKindHandler<'proof.recheck'> {
  readonly kind = 'proof.recheck';
  readonly concurrency = 1;

  constructor(
    @inject(RecheckProofs) private readonly recheck: RecheckProofs,
    @inject(Logger) private readonly logger: Logger,
  ) {}

  async handle(data: JobData['proof.recheck'], job: Job<'proof.recheck'>): Promise<void> {
    const summary = await this.recheck.checkClaimed(data.entityIds);
    this.logger.info({ ...summary, jobId: job.id }, 'proof re-check batch done');
  }
}
