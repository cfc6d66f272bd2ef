import type { DomainName } from './domain-name.js';

/** An operator's block on a domain and all its subdomains. */
export interface BlockedDomain {
  readonly domain: DomainName;
  /** Why it is blocked, shown to agents; a default is used when the operator gave none. */
  readonly reason: string;
  /** ISO 8601 UTC. */
  readonly blockedAt: string;
}

export const DEFAULT_BLOCK_REASON = 'The domain is on the operator blocklist.';
