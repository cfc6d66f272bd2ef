import { inject, injectable } from 'inversify';
import { Clock } from '../ports/clock.js';
import { JobQueue } from '../ports/job-queue.js';
import { ProofRepository } from '../ports/proof-repository.js';
import { handOutInBatches } from '../jobs/hand-out.js';
import { JobTimings } from '../jobs/job-timings.js';
import { RECHECK_BATCH_SIZE } from './recheck-proofs.js';

/**
 * The scheduled `proof.sweep` job (one per tick across all instances): claims due proofs batch by
 * batch through an index over the due time, and queues one `proof.recheck` job per batch, so the
 * registry is never read into memory whole and every due proof goes to exactly one worker.
 */
@injectable()
export class SweepDueProofs {
  constructor(
    @inject(ProofRepository) private readonly proofs: ProofRepository,
    @inject(JobQueue) private readonly queue: JobQueue,
    @inject(Clock) private readonly clock: Clock,
    @inject(JobTimings) private readonly timings: JobTimings,
  ) {}

  /** Resolves with the number of proofs handed out. */
  async run(): Promise<number> {
    return handOutInBatches(
      () => this.proofs.claimDue(this.clock.now(), RECHECK_BATCH_SIZE, this.timings.recheckClaimSeconds),
      (entityIds) => this.queue.enqueue('proof.recheck', { entityIds }, { leaseSeconds: this.timings.recheckLeaseSeconds, retryLimit: 3 }),
    );
  }
}
