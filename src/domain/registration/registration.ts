import type { DomainName } from '../domain-name.js';
import type { EntityCoverage, EntityType } from '../entity.js';

/** A registration's states: pending until its proof is confirmed. */
export const REGISTRATION_STATUSES = ['pending', 'verified'] as const;
export type RegistrationStatus = (typeof REGISTRATION_STATUSES)[number];
export type ProofMethod = 'dns_txt' | 'well_known';

/** A request to verify a domain, waiting for its owner to publish the proof and confirm. */
export interface Registration {
  readonly id: string;
  readonly domain: DomainName;
  readonly entityName: string;
  readonly entityType: EntityType;
  readonly contactEmail: string;
  readonly website: string | null;
  readonly clientId: string;
  readonly status: RegistrationStatus;
  readonly verificationCode: string;
  readonly createdAt: string;
  /** A pending registration (and its token) is dead from this instant on. */
  readonly expiresAt: string;
  readonly verifiedAt: string | null;
  readonly entityId: string | null;
  readonly proofMethod: ProofMethod | null;
}

/** How long a registration and its confirmation token stay usable. */
export const REGISTRATION_TTL_DAYS = 7;
/** The label under which the DNS proof goes (an underscore label, as IETF domain-verification guidance recommends). */
export const CHALLENGE_LABEL = '_vetted-challenge';
export const TXT_PREFIX = 'vetted-verification=';
export const WELL_KNOWN_PATH = '/.well-known/vetted-verification.txt';

/** What the owner must publish, in the contract's shape. */
export function verificationInstructions(domain: DomainName, code: string) {
  return {
    method: 'dns_txt' as const,
    name: `${CHALLENGE_LABEL}.${domain}`,
    record: `${TXT_PREFIX}${code}`,
    alternative: { method: 'well_known' as const, path: WELL_KNOWN_PATH, content: `verification_code: ${code}` },
  };
}

/** True when one of the TXT records (character-strings joined, as RFC 7208 does) is exactly the expected value. */
export function txtProves(records: readonly (readonly string[])[], code: string): boolean {
  const expected = `${TXT_PREFIX}${code}`;
  return records.some((parts) => parts.join('').trim() === expected);
}

/** True when a line of the well-known file is exactly `verification_code: <code>` (spaces around are allowed). */
export function wellKnownProves(body: string, code: string): boolean {
  return body.split(/\r?\n/).some((line) => /^verification_code:\s*(\S+)\s*$/.exec(line.trim())?.[1] === code);
}

/** A DNS proof shows control of the zone; a file on one web host shows control of that host only. */
export function coverageOf(method: ProofMethod): EntityCoverage {
  return method === 'dns_txt' ? 'zone' : 'host';
}

/** True when the registration can no longer be confirmed. */
export function isRegistrationExpired(registration: Registration, now: Date): boolean {
  return registration.status === 'pending' && Date.parse(registration.expiresAt) <= now.getTime();
}
