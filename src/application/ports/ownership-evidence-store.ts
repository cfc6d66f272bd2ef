import type { OwnershipCheck } from '../../domain/trust/ownership.js';

/** A registrable domain's RDAP registrant organisation as looked up at `observedAt` (null: none published). */
export interface StoredRegistrant {
  readonly organisation: string | null;
  readonly observedAt: string;
}

/**
 * Keeps the latest ownership check of each name that resembles a brand, and the RDAP registrants of
 * brands' main domains that checks compare with. Storing a check records a change of its name
 * (kind `ownership`) for the change feed, so every process forgets what it cached of that name.
 * Adapters: KnexOwnershipEvidenceStore. Fake: InMemoryOwnershipEvidenceStore.
 */
export interface OwnershipEvidenceStore {
  /** The latest check of `domain`, or undefined when it was never checked. */
  get(domain: string): Promise<OwnershipCheck | undefined>;
  /** Stores (or replaces) the check of `check.domain`. */
  put(check: OwnershipCheck): Promise<void>;
  /** The registrant stored for `domain`, or undefined when none is. */
  getRegistrant(domain: string): Promise<StoredRegistrant | undefined>;
  /** Stores (or replaces) the registrant of `domain`. */
  putRegistrant(domain: string, registrant: StoredRegistrant): Promise<void>;
}
export const OwnershipEvidenceStore = Symbol('OwnershipEvidenceStore');
