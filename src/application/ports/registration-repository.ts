import type { ProofMethod, Registration } from '../../domain/registration/registration.js';

/** The hashes of a registration's two secrets: the mailed confirmation link's and its page's. */
export interface RegistrationTokenHashes {
  readonly confirmation: string;
  readonly page: string;
}

/** Whether a "Check now" may run: claimed, or refused because the last one started at `lastCheckAt`. */
export type CheckClaim = { readonly kind: 'claimed' } | { readonly kind: 'too_soon'; readonly lastCheckAt: string };

/** Stores registrations. Adapters: KnexRegistrationRepository. Fake: InMemoryRegistrationRepository. */
export interface RegistrationRepository {
  /**
   * Stores a new pending registration with the hashes of its tokens, unless its client address or
   * its contact address already made `limit.max` registrations since `limit.since` (ISO); decided
   * atomically across every process sharing the store. False when refused.
   */
  createWithinLimit(registration: Registration, hashes: RegistrationTokenHashes, limit: { readonly max: number; readonly since: string }): Promise<boolean>;
  /** The registration whose confirmation token hashes to `tokenHash`, or undefined. */
  findByTokenHash(tokenHash: string): Promise<Registration | undefined>;
  /** The registration whose page token hashes to `pageTokenHash`, or undefined (also for registrations made before pages existed). */
  findByPageTokenHash(pageTokenHash: string): Promise<Registration | undefined>;
  /**
   * Records that a check of registration `id` starts at `at` (ISO), unless the last one started
   * after `since` (ISO); decided atomically across every process sharing the store, so two
   * instances never both run one. An unknown id is `too_soon` with an empty `lastCheckAt`.
   */
  claimCheck(id: string, at: string, since: string): Promise<CheckClaim>;
  /**
   * Marks a pending registration verified; false when it was not pending any more (another
   * confirmation got there first), so exactly one caller creates the entity.
   */
  markVerified(id: string, result: { readonly verifiedAt: string; readonly method: ProofMethod }): Promise<boolean>;
  /** Records the entity a verified registration produced. */
  setEntity(id: string, entityId: string): Promise<void>;
  findById(id: string): Promise<Registration | undefined>;
}
export const RegistrationRepository = Symbol('RegistrationRepository');
