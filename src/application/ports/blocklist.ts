import type { BlockedDomain } from '../../domain/blocked-domain.js';
import type { DomainName } from '../../domain/domain-name.js';

/** The operator's blocklist. Adapters: KnexBlocklist. Fake: InMemoryBlocklist. */
export interface Blocklist {
  /**
   * Blocks each domain (and so its subdomains) in one transaction; a domain already blocked keeps
   * its first entry. Returns how many were newly added.
   */
  add(blocks: readonly BlockedDomain[]): Promise<number>;
  /** Unblocks a domain; false when it was not blocked. */
  remove(domain: DomainName): Promise<boolean>;
  /** Every block, in domain order. */
  list(): Promise<BlockedDomain[]>;
}
export const Blocklist = Symbol('Blocklist');
