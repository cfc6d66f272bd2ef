import { inject, injectable } from 'inversify';
import { RegistryReadCache } from '../caching/registry-read-cache.js';
import { EntityRepository } from '../ports/entity-repository.js';
import { Logger } from '../ports/logger.js';
import { Mailer } from '../ports/mailer.js';
import { ProofRepository, type EntityProof } from '../ports/proof-repository.js';
import { revocationMail } from './registration-mails.js';
import { SyncCounterparty } from '../counterparty/sync-counterparty.js';

/**
 * What follows a proof lost for good (see RecheckProofs): the entity is revoked (idempotent), its
 * payment destinations and keys unbound, and
 * forgotten by this process's read cache, its contact is mailed, and only then is the mail recorded
 * as sent. A mail that fails stays owed: the claim lapses and a later sweep tries again.
 */
@injectable()
export class RevokeLostProof {
  constructor(
    @inject(ProofRepository) private readonly proofs: ProofRepository,
    @inject(EntityRepository) private readonly entities: EntityRepository,
    @inject(Mailer) private readonly mailer: Mailer,
    @inject(RegistryReadCache) private readonly cache: RegistryReadCache,
    @inject(Logger) private readonly logger: Logger,
    @inject(SyncCounterparty) private readonly counterparty: SyncCounterparty,
  ) {}

  async run(proof: EntityProof): Promise<void> {
    if (proof.entityActive !== false) {
      await this.entities.setStatus(proof.entityId, 'revoked');
      // What it declared it is paid at is no longer anyone's word.
      await this.counterparty.unbindAll(proof.entityId);
      this.cache.forget([proof.domain]);
      this.logger.warn({ entityId: proof.entityId, domain: proof.domain }, 'verification revoked: proof gone');
    }
    try {
      await this.mailer.send(revocationMail(proof.contactEmail, proof.domain, proof.entityId));
    } catch (error) {
      this.logger.warn({ entityId: proof.entityId, err: (error as Error).message }, 'revocation mail not sent');
      return;
    }
    await this.proofs.revocationMailed(proof.entityId);
  }
}
