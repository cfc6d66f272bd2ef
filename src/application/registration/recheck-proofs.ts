import { inject, injectable } from 'inversify';
import type { DomainName } from '../../domain/domain-name.js';
import { afterRecheck, isRecheckDue } from '../../domain/registration/proof-recheck.js';
import { Clock } from '../ports/clock.js';
import { EntityRepository } from '../ports/entity-repository.js';
import { Logger } from '../ports/logger.js';
import { Mailer } from '../ports/mailer.js';
import { ProofRepository } from '../ports/proof-repository.js';
import { RegistryReadCache } from '../registry-read-cache.js';
import { revocationMail } from './registration-mails.js';
import { ProofChecker } from './proof-checker.js';

export interface RecheckSummary {
  readonly checked: number;
  readonly proven: number;
  readonly failed: number;
  readonly revoked: string[];
}

/**
 * Proof must stay in place: looks again at every due proof of an active entity (every 30 days,
 * daily after a failure) with the method that proved it; three failed checks spanning at least 72
 * hours revoke the entity and mail the contact. Run on a timer in `vetted serve` and as `vetted recheck`.
 */
@injectable()
export class RecheckProofs {
  constructor(
    @inject(ProofRepository) private readonly proofs: ProofRepository,
    @inject(ProofChecker) private readonly checker: ProofChecker,
    @inject(EntityRepository) private readonly entities: EntityRepository,
    @inject(Mailer) private readonly mailer: Mailer,
    @inject(RegistryReadCache) private readonly cache: RegistryReadCache,
    @inject(Clock) private readonly clock: Clock,
    @inject(Logger) private readonly logger: Logger,
  ) {}

  async run(): Promise<RecheckSummary> {
    const now = this.clock.now();
    const summary = { checked: 0, proven: 0, failed: 0, revoked: [] as string[] };
    for (const proof of await this.proofs.listActive()) {
      if (!isRecheckDue(proof, now)) continue;
      summary.checked++;
      const looks = await this.checker.check(proof.domain as DomainName, proof.verificationCode, [proof.method]);
      for (const look of looks) {
        await this.proofs.recordAttempt({ registrationId: null, entityId: proof.entityId, domain: proof.domain, method: look.method, lookedUp: look.lookedUp, attemptedAt: now.toISOString(), result: look.result, detail: look.detail });
      }
      const proven = looks.some((l) => l.result === 'proven');
      const next = afterRecheck(proof, proven, now);
      await this.proofs.updateState(proof.entityId, next.state);
      if (proven) summary.proven++;
      else summary.failed++;
      if (next.revoke) {
        await this.entities.setStatus(proof.entityId, 'revoked');
        this.cache.clear();
        summary.revoked.push(proof.entityId);
        this.logger.warn({ entityId: proof.entityId, domain: proof.domain }, 'verification revoked: proof gone');
        await this.mailer.send(revocationMail(proof.contactEmail, proof.domain, proof.entityId)).catch((error: unknown) => {
          this.logger.warn({ entityId: proof.entityId, err: (error as Error).message }, 'revocation mail not sent');
        });
      }
    }
    return summary;
  }
}
