import type { DomainName } from './domain-name.js';

export const ENTITY_TYPES = ['organization', 'business', 'individual', 'api', 'infrastructure'] as const;
export type EntityType = (typeof ENTITY_TYPES)[number];

export const ENTITY_LEVELS = ['basic', 'verified', 'enterprise'] as const;
export type EntityLevel = (typeof ENTITY_LEVELS)[number];

/**
 * What a verification covers. A DNS proof shows control of the zone, so it covers the domain and
 * its subdomains (`zone`); a well-known file proves control of one web host only (`host`).
 * Entities added by an operator cover the zone.
 */
export type EntityCoverage = 'zone' | 'host';

/** `active` until an operator or the proof re-check revokes it. Expiry is judged by time, not stored. */
export type EntityStatus = 'active' | 'revoked';

/** Whether an entity vouches for its domain at an instant: the stored status, with expiry judged by time. */
export const ENTITY_STANDINGS = ['active', 'expired', 'revoked'] as const;
export type EntityStanding = (typeof ENTITY_STANDINGS)[number];

/** A verified entity of the registry. Instants are ISO 8601 UTC strings. */
export interface Entity {
  readonly id: string;
  readonly name: string;
  readonly domain: DomainName;
  readonly type: EntityType;
  readonly level: EntityLevel;
  readonly coverage: EntityCoverage;
  readonly status: EntityStatus;
  readonly verifiedAt: string;
  readonly expiresAt: string;
}

/** How long a verification holds when nobody says otherwise. */
export const DEFAULT_VERIFICATION_DAYS = 365;

/** True when `entity` covers `name`: the same name, or a subdomain of a zone-wide verification. */
export function entityCovers(entity: Entity, name: DomainName): boolean {
  if (entity.domain === name) return true;
  return entity.coverage === 'zone' && name.endsWith(`.${entity.domain}`);
}

/** True when the verification's expiry instant has passed at `now`. */
export function isExpired(entity: Entity, now: Date): boolean {
  return Date.parse(entity.expiresAt) <= now.getTime();
}
