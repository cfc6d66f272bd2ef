import type { ProofMethod } from '../../domain/registration/registration.js';
import type { ProofState } from '../../domain/registration/proof-recheck.js';

/** The proof behind a verified entity, and its re-check state. */
export interface EntityProof extends ProofState {
  readonly entityId: string;
  readonly domain: string;
  readonly method: ProofMethod;
  readonly verificationCode: string;
  readonly contactEmail: string;
  /** False once the entity was revoked or removed. */
  readonly entityActive?: boolean;
  /** The entity was revoked for this proof and the contact's mail has not been confirmed sent. */
  readonly revocationMailDue?: boolean;
}

/** What one re-check of a proof produced, for recordChecks. */
export interface CheckRecord {
  readonly entityId: string;
  readonly attempts: readonly VerificationAttempt[];
  readonly state: ProofState;
  readonly revocationMailDue: boolean;
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

/**
 * Proofs of verified entities, their re-check schedule, and the audit log of every verification
 * attempt. Adapters: KnexProofRepository. Fake: InMemoryProofRepository.
 */
export interface ProofRepository {
  /** Stores a new proof, due again when its state says (see nextRecheckAt). */
  save(proof: EntityProof): Promise<void>;
  /**
   * Claims up to `limit` proofs for `leaseSeconds` and returns their entity ids, oldest due first:
   * proofs of active entities due at `now`, and proofs whose revocation mail is still owed. A
   * claimed proof is returned to no other caller, in any process, until its lease ends or its state
   * is stored. Reads an index over the due time; never the whole table.
   */
  claimDue(now: Date, limit: number, leaseSeconds: number): Promise<string[]>;
  /** The proofs of these entities, as stored now (missing ids are left out). */
  findByEntityIds(entityIds: readonly string[]): Promise<EntityProof[]>;
  /**
   * Stores the state after a look, with the next due time, and releases the claim; with
   * `revocationMailDue` the claim is kept and the mail is recorded as owed until revocationMailed.
   */
  updateState(entityId: string, state: ProofState, flags?: { revocationMailDue?: boolean }): Promise<void>;
  /**
   * Stores the outcome of several looks in one transaction: each proof's attempts, then its state as
   * updateState would (a proof whose revocation is owed keeps its claim). One write for many
   * proofs, so that a busy single-writer store (SQLite) is not asked once per attempt.
   */
  recordChecks(results: readonly CheckRecord[]): Promise<void>;
  /** The revocation mail went out: nothing is owed any more, and the claim is released. */
  revocationMailed(entityId: string): Promise<void>;
  recordAttempt(attempt: VerificationAttempt): Promise<void>;
  /** Attempts for a domain, oldest first. */
  attempts(domain: string): Promise<VerificationAttempt[]>;
  /** The attempts of a registration's latest look (those recorded at its newest instant), in the order recorded; empty when never looked. */
  latestAttempts(registrationId: string): Promise<VerificationAttempt[]>;
}
export const ProofRepository = Symbol('ProofRepository');
