import { inject, injectable } from 'inversify';
import { handOutInBatches } from '../jobs/hand-out.js';
import { JobTimings } from '../jobs/job-timings.js';
import { Clock } from '../ports/clock.js';
import { JobQueue } from '../ports/job-queue.js';
import { ObservationSchedule } from '../ports/observation-schedule.js';

/** Domains claimed at once by the sweep, and the size of one `observations.refresh` job. */
const REFRESH_BATCH_SIZE = 50;

/**
 * The scheduled `observations.sweep` job (one per tick across all instances, beside the proof
 * sweep): puts new members on the schedule, then claims due domains batch by batch and queues one
 * `observations.refresh` job per batch, so each member is refreshed by exactly one worker.
 */
@injectable()
export class SweepDueObservations {
  constructor(
    @inject(ObservationSchedule) private readonly schedule: ObservationSchedule,
    @inject(JobQueue) private readonly queue: JobQueue,
    @inject(Clock) private readonly clock: Clock,
    @inject(JobTimings) private readonly timings: JobTimings,
  ) {}

  /** Resolves with the number of domains handed out. */
  async run(): Promise<number> {
    await this.schedule.enroll(this.clock.now());
    return handOutInBatches(
      () => this.schedule.claimDue(this.clock.now(), REFRESH_BATCH_SIZE, this.timings.recheckClaimSeconds),
      (domains) => this.queue.enqueue('observations.refresh', { domains }, { leaseSeconds: this.timings.recheckLeaseSeconds, retryLimit: 3 }),
    );
  }
}
