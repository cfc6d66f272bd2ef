import type { BlockedDomain } from './blocked-domain.js';
import { isSameOrSubdomain, type DomainName } from './domain-name.js';
import { entityCovers, isExpired, type Entity } from './entity.js';

/** The registry records stored under a name or any of its parents (see coveringNames). */
export interface RegistryRecords {
  readonly entities: readonly Entity[];
  readonly blocks: readonly BlockedDomain[];
}

/** What the registry says about one name at one instant. */
export type RegistryVerdict =
  | { readonly kind: 'blocked'; readonly domain: DomainName; readonly block: BlockedDomain }
  | { readonly kind: 'verified'; readonly domain: DomainName; readonly entity: Entity }
  | { readonly kind: 'expired'; readonly domain: DomainName; readonly entity: Entity }
  | { readonly kind: 'not_verified'; readonly domain: DomainName };

/**
 * Judges a name against the registry records that may cover it, at `now`.
 * A block on the name or any parent wins over everything. Otherwise the most specific active
 * entity that covers the name decides: verified while it has not expired, expired after. A
 * current verification of the same name beats an expired one (a domain can be verified again).
 * Revoked entities are ignored.
 */
export function judgeRegistry(domain: DomainName, records: RegistryRecords, now: Date): RegistryVerdict {
  const block = records.blocks.filter((b) => isSameOrSubdomain(domain, b.domain)).sort((a, b) => b.domain.length - a.domain.length)[0];
  if (block) return { kind: 'blocked', domain, block };

  const candidates = records.entities.filter((e) => e.status === 'active' && entityCovers(e, domain));
  if (candidates.length === 0) return { kind: 'not_verified', domain };
  const ranked = [...candidates].sort(
    (a, b) => b.domain.length - a.domain.length || Number(isExpired(a, now)) - Number(isExpired(b, now)) || Date.parse(b.verifiedAt) - Date.parse(a.verifiedAt),
  );
  const entity = ranked[0]!;
  return isExpired(entity, now) ? { kind: 'expired', domain, entity } : { kind: 'verified', domain, entity };
}

/**
 * How long a verdict may be reused (by clients through Cache-Control, by the service's own read
 * cache): an hour for a verified name but never past its expiry, five minutes otherwise.
 * Errors (including EXPIRED) are never cached: 0.
 */
export function verdictCacheSeconds(verdict: RegistryVerdict, now: Date): number {
  switch (verdict.kind) {
    case 'verified': {
      const untilExpiry = Math.floor((Date.parse(verdict.entity.expiresAt) - now.getTime()) / 1000);
      return Math.max(0, Math.min(VERIFIED_CACHE_SECONDS, untilExpiry));
    }
    case 'not_verified':
    case 'blocked':
      return NOT_VERIFIED_CACHE_SECONDS;
    case 'expired':
      return 0;
  }
}

export const VERIFIED_CACHE_SECONDS = 3600;
export const NOT_VERIFIED_CACHE_SECONDS = 300;
