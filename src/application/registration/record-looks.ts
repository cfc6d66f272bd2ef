import type { Registration } from '../../domain/registration/registration.js';
import type { ProofRepository } from '../ports/proof-repository.js';
import type { ProofLook } from './proof-checker.js';

/** Records every place a check of a pending registration looked at (the confirmation link and "Check now" alike), for audit. */
export async function recordLooks(proofs: ProofRepository, registration: Registration, looks: readonly ProofLook[], at: Date): Promise<void> {
  for (const look of looks) {
    await proofs.recordAttempt({
      registrationId: registration.id,
      entityId: null,
      domain: registration.domain,
      method: look.method,
      lookedUp: look.lookedUp,
      attemptedAt: at.toISOString(),
      result: look.result,
      detail: look.detail,
    });
  }
}
