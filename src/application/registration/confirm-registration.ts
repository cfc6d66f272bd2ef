import { inject, injectable } from 'inversify';
import { DEFAULT_VERIFICATION_DAYS, type Entity } from '../../domain/entity.js';
import { coverageOf, isRegistrationExpired, type Registration } from '../../domain/registration/registration.js';
import { Clock } from '../ports/clock.js';
import { EntityRepository } from '../ports/entity-repository.js';
import { ProofRepository } from '../ports/proof-repository.js';
import { RegistrationRepository } from '../ports/registration-repository.js';
import { TokenHasher } from '../ports/token-hasher.js';
import { RegistryReadCache } from '../caching/registry-read-cache.js';
import { TOKEN_SHAPE } from './get-registration.js';
import { recordLooks } from './record-looks.js';
import { ProofChecker, type ProofLook } from './proof-checker.js';
import { SyncCounterparty } from '../counterparty/sync-counterparty.js';
import { FirstObservations } from '../trust/first-observations.js';

export type ConfirmOutcome =
  | { readonly kind: 'unknown' }
  | { readonly kind: 'expired'; readonly registration: Registration }
  | { readonly kind: 'not_proven'; readonly registration: Registration; readonly looks: readonly ProofLook[] }
  | { readonly kind: 'verified'; readonly registration: Registration; readonly entity: Entity | undefined };

/**
 * GET /confirm/{token}. Safe to repeat, because mail scanners fetch links before people click:
 * a check that fails changes nothing and the token stays valid; after success the same page is
 * shown again. A valid token makes Vetted look for the proof now; proven, the entity is created
 * (level verified, for a year) and covers the zone (DNS) or the one host (well-known file).
 */
@injectable()
export class ConfirmRegistration {
  constructor(
    @inject(RegistrationRepository) private readonly registrations: RegistrationRepository,
    @inject(EntityRepository) private readonly entities: EntityRepository,
    @inject(ProofRepository) private readonly proofs: ProofRepository,
    @inject(ProofChecker) private readonly checker: ProofChecker,
    @inject(TokenHasher) private readonly hasher: TokenHasher,
    @inject(RegistryReadCache) private readonly cache: RegistryReadCache,
    @inject(Clock) private readonly clock: Clock,
    @inject(FirstObservations) private readonly first: FirstObservations,
    @inject(SyncCounterparty) private readonly counterparty: SyncCounterparty,
  ) {}

  async run(token: string): Promise<ConfirmOutcome> {
    if (!TOKEN_SHAPE.test(token)) return { kind: 'unknown' };
    const registration = await this.registrations.findByTokenHash(this.hasher.hash(token));
    if (!registration) return { kind: 'unknown' };
    const now = this.clock.now();
    if (registration.status === 'verified') return this.alreadyVerified(registration);
    if (isRegistrationExpired(registration, now)) return { kind: 'expired', registration };

    const looks = await this.checker.check(registration.domain, registration.verificationCode);
    await recordLooks(this.proofs, registration, looks, now);
    const proof = looks.find((l) => l.result === 'proven');
    if (!proof) return { kind: 'not_proven', registration, looks };

    // Exactly one confirmation wins the pending → verified step and creates the entity.
    if (!(await this.registrations.markVerified(registration.id, { verifiedAt: now.toISOString(), method: proof.method }))) {
      return this.alreadyVerified((await this.registrations.findById(registration.id)) ?? registration);
    }
    const entity = await this.entities.create({
      name: registration.entityName,
      domain: registration.domain,
      type: registration.entityType,
      level: 'verified',
      coverage: coverageOf(proof.method),
      verifiedAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + DEFAULT_VERIFICATION_DAYS * 86_400_000).toISOString(),
    });
    await this.registrations.setEntity(registration.id, entity.id);
    await this.proofs.save({
      entityId: entity.id,
      domain: registration.domain,
      method: proof.method,
      verificationCode: registration.verificationCode,
      contactEmail: registration.contactEmail,
      lastCheckedAt: now.toISOString(),
      failures: 0,
      firstFailureAt: null,
    });
    this.cache.forget([registration.domain]);
    await this.first.observeMembers([registration.domain]);
    // What the new entity declares it is paid at; a failed read leaves it to the next re-check.
    await this.counterparty.run(entity.id).catch(() => undefined);
    return { kind: 'verified', registration: { ...registration, status: 'verified', entityId: entity.id, proofMethod: proof.method }, entity };
  }

  private async alreadyVerified(registration: Registration): Promise<ConfirmOutcome> {
    const entity = registration.entityId ? await this.entities.findById(registration.entityId) : undefined;
    return { kind: 'verified', registration, entity };
  }
}
