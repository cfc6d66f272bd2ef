import { inject, injectable } from 'inversify';
import { AppConfig } from '../ports/app-config.js';
import type { Job, JobData } from '../ports/job-queue.js';
import { Logger } from '../ports/logger.js';
import { ObserveFirst } from '../trust/observe-first.js';
import { RefreshObservations } from '../trust/refresh-observations.js';
import { SweepDueObservations } from '../trust/sweep-due-observations.js';
import { recheckSchedule, type JobKindHandler, type JobSchedule } from './job-kind-handler.js';

/** `observations.sweep`: hands due domains out in batches; scheduled with proof.sweep when REFRESH_OBSERVATIONS is on. */
@injectable()
export class ObservationsSweepHandler implements JobKindHandler<'observations.sweep'> {
  readonly kind = 'observations.sweep';
  readonly concurrency = 1;
  readonly schedule: JobSchedule<'observations.sweep'> | undefined;

  constructor(
    @inject(AppConfig) config: AppConfig,
    @inject(SweepDueObservations) private readonly sweep: SweepDueObservations,
    @inject(Logger) private readonly logger: Logger,
  ) {
    this.schedule = recheckSchedule(config.recheckIntervalMinutes, config.refreshObservations);
  }

  async handle(): Promise<void> {
    const handedOut = await this.sweep.run();
    if (handedOut > 0) this.logger.info({ handedOut }, 'due observation refreshes handed out');
  }
}

/** `observations.refresh`: renews the observations of one batch of claimed domains. */
@injectable()
export class ObservationsRefreshHandler implements JobKindHandler<'observations.refresh'> {
  readonly kind = 'observations.refresh';
  readonly concurrency = 1;

  constructor(
    @inject(RefreshObservations) private readonly refresh: RefreshObservations,
    @inject(Logger) private readonly logger: Logger,
  ) {}

  async handle(data: JobData['observations.refresh'], job: Job<'observations.refresh'>): Promise<void> {
    const summary = await this.refresh.refreshClaimed(data.domains);
    this.logger.info({ ...summary, jobId: job.id }, 'observation refresh batch done');
  }
}

/** `observations.first`: the first look at one name's missing observations, two names at a time. */
@injectable()
export class ObservationsFirstHandler implements JobKindHandler<'observations.first'> {
  readonly kind = 'observations.first';
  readonly concurrency = 2;

  constructor(
    @inject(ObserveFirst) private readonly observe: ObserveFirst,
    @inject(Logger) private readonly logger: Logger,
  ) {}

  async handle(data: JobData['observations.first'], job: Job<'observations.first'>): Promise<void> {
    const done = await this.observe.run(data.domain);
    this.logger.info({ domain: data.domain, ...done, jobId: job.id }, 'first look done');
  }
}
