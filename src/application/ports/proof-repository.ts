import type { ProofMethod } from '../../domain/registration/registration.js';
import type { ProofState } from '../../domain/registration/proof-recheck.js';

/** The proof behind a verified entity, and its re-check state. */
export interface EntityProof extends ProofState {
  readonly entityId: string;
  readonly domain: string;
  readonly method: ProofMethod;
  readonly verificationCode: string;
  readonly contactEmail: string;
}

/** One look at a proof, kept for audit. */
export interface VerificationAttempt {
  readonly registrationId: string | null;
  readonly entityId: string | null;
  readonly domain: string;
  readonly method: ProofMethod;
  /** The DNS name or URL looked at. */
  readonly lookedUp: string;
  readonly attemptedAt: string;
  readonly result: 'proven' | 'not_found' | 'error';
  readonly detail: string;
}

/** Proofs of verified entities and the audit log of every verification attempt. Adapters: KnexProofRepository. */
export interface ProofRepository {
  save(proof: EntityProof): Promise<void>;
  /** Every proof of an entity that is still active. */
  listActive(): Promise<EntityProof[]>;
  updateState(entityId: string, state: ProofState): Promise<void>;
  recordAttempt(attempt: VerificationAttempt): Promise<void>;
  /** Attempts for a domain, oldest first. */
  attempts(domain: string): Promise<VerificationAttempt[]>;
}
export const ProofRepository = Symbol('ProofRepository');
