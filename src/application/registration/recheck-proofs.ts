import { inject, injectable } from 'inversify';
import type { DomainName } from '../../domain/domain-name.js';
import { afterRecheck, isRecheckDue } from '../../domain/registration/proof-recheck.js';
import { mapWithConcurrency } from '../jobs/concurrency.js';
import { DEFAULT_JOB_TIMINGS, JobTimings } from '../jobs/job-timings.js';
import { AppConfig } from '../ports/app-config.js';
import { Clock } from '../ports/clock.js';
import { Metrics, NO_METRICS } from '../ports/metrics.js';
import { ProofRepository, type CheckRecord, type EntityProof } from '../ports/proof-repository.js';
import { ProofChecker } from './proof-checker.js';
import { SyncCounterparty } from '../counterparty/sync-counterparty.js';
import { RevokeLostProof } from './revoke-lost-proof.js';

export interface RecheckSummary {
  readonly checked: number;
  readonly proven: number;
  readonly failed: number;
  readonly revoked: string[];
}

/** Proofs claimed at once by a sweep, and the size of one `proof.recheck` job. */
export const RECHECK_BATCH_SIZE = 100;

/**
 * Proof must stay in place: looks again at due proofs of active entities (every 30 days, daily
 * after a failure) with the method that proved it; three failed checks spanning at least 72 hours
 * revoke the entity and mail the contact, exactly once: the mail is recorded as owed before the
 * revocation and cleared after it went out, and the proof stays claimed until then, so a crash
 * anywhere leaves work that exactly one later claimer finishes.
 */
@injectable()
export class RecheckProofs {
  constructor(
    @inject(ProofRepository) private readonly proofs: ProofRepository,
    @inject(ProofChecker) private readonly checker: ProofChecker,
    @inject(RevokeLostProof) private readonly revoker: RevokeLostProof,
    @inject(SyncCounterparty) private readonly counterparty: SyncCounterparty,
    @inject(Clock) private readonly clock: Clock,
    @inject(AppConfig) private readonly config: Pick<AppConfig, 'recheckConcurrency'>,
    @inject(JobTimings) private readonly timings: Pick<JobTimings, 'recheckClaimSeconds'> = DEFAULT_JOB_TIMINGS,
    @inject(Metrics) private readonly metrics: Metrics = NO_METRICS,
  ) {}

  /** Claims and checks every due proof now, batch after batch (`vetted recheck`). */
  async run(): Promise<RecheckSummary> {
    let total: RecheckSummary = { checked: 0, proven: 0, failed: 0, revoked: [] };
    for (;;) {
      const ids = await this.proofs.claimDue(this.clock.now(), RECHECK_BATCH_SIZE, this.timings.recheckClaimSeconds);
      if (ids.length === 0) return total;
      const batch = await this.checkClaimed(ids);
      total = {
        checked: total.checked + batch.checked,
        proven: total.proven + batch.proven,
        failed: total.failed + batch.failed,
        revoked: [...total.revoked, ...batch.revoked],
      };
    }
  }

  /**
   * Checks proofs a sweep claimed (a `proof.recheck` job), `recheckConcurrency` lookups at a time.
   * Outcomes are written a handful at a time in one transaction each (a crash loses only looks not
   * yet written, which the retried job looks at again); a revocation is written before it happens.
   */
  async checkClaimed(entityIds: readonly string[]): Promise<RecheckSummary> {
    const proofs = await this.proofs.findByEntityIds(entityIds);
    const writer = new CheckWriter(this.proofs, this.config.recheckConcurrency);
    const outcomes = await mapWithConcurrency(proofs, this.config.recheckConcurrency, (proof) => this.checkOne(proof, writer));
    await writer.flush();
    for (const outcome of outcomes) if (outcome !== 'skipped') this.metrics.recheckEnded(outcome);
    return {
      checked: outcomes.filter((o) => o !== 'skipped').length,
      proven: outcomes.filter((o) => o === 'proven').length,
      failed: outcomes.filter((o) => o === 'failed' || o === 'revoked').length,
      revoked: proofs.filter((_, i) => outcomes[i] === 'revoked').map((p) => p.entityId),
    };
  }

  private async checkOne(proof: EntityProof, writer: CheckWriter): Promise<'proven' | 'failed' | 'revoked' | 'skipped'> {
    if (proof.revocationMailDue) {
      await this.revoker.run(proof);
      return 'skipped';
    }
    const now = this.clock.now();
    // Checked by someone else since the claim, or revoked by an operator: nothing to do.
    if (proof.entityActive === false || !isRecheckDue(proof, now)) return 'skipped';
    const looks = await this.checker.check(proof.domain as DomainName, proof.verificationCode, [proof.method]);
    const attempts = looks.map((look) => ({
      registrationId: null,
      entityId: proof.entityId,
      domain: proof.domain,
      method: look.method,
      lookedUp: look.lookedUp,
      attemptedAt: now.toISOString(),
      result: look.result,
      detail: look.detail,
    }));
    const proven = looks.some((l) => l.result === 'proven');
    const next = afterRecheck(proof, proven, now);
    await writer.add({ entityId: proof.entityId, attempts, state: next.state, revocationMailDue: next.revoke });
    if (!next.revoke) {
      // A proof that holds keeps the declaration read: a destination added or dropped is bound or ended now.
      if (proven) await this.counterparty.run(proof.entityId).catch(() => undefined);
      return proven ? 'proven' : 'failed';
    }
    // The mail is recorded as owed before the entity is revoked.
    await writer.flush();
    await this.revoker.run(proof);
    return 'revoked';
  }
}

/** Collects check outcomes and writes them `size` at a time, one write after another. */
class CheckWriter {
  private pending: CheckRecord[] = [];
  private written: Promise<void> = Promise.resolve();

  constructor(
    private readonly proofs: ProofRepository,
    private readonly size: number,
  ) {}

  /** Queues one outcome; resolves once it is written when it filled a batch. */
  add(record: CheckRecord): Promise<void> {
    this.pending.push(record);
    return this.pending.length >= this.size ? this.flush() : Promise.resolve();
  }

  /** Writes everything queued so far; rejects when a write failed. */
  flush(): Promise<void> {
    const batch = this.pending;
    this.pending = [];
    this.written = this.written.then(() => this.proofs.recordChecks(batch));
    return this.written;
  }
}
