import type { ProofMethod, Registration } from '../../domain/registration/registration.js';

/** Stores registrations. Adapters: KnexRegistrationRepository. Fake: InMemoryRegistrationRepository. */
export interface RegistrationRepository {
  /**
   * Stores a new pending registration with the hash of its confirmation token, unless its client
   * address or its contact address already made `limit.max` registrations since `limit.since`
   * (ISO); decided atomically across every process sharing the store. False when refused.
   */
  createWithinLimit(registration: Registration, tokenHash: string, limit: { readonly max: number; readonly since: string }): Promise<boolean>;
  /** The registration whose token hashes to `tokenHash`, or undefined. */
  findByTokenHash(tokenHash: string): Promise<Registration | undefined>;
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
