import { isExpired, type Entity } from '../../domain/entity.js';
import type { RegistryVerdict } from '../../domain/registry-verdict.js';
import { guidanceFor } from '../../domain/trust/agent-guidance.js';

/** The entity object of a verify answer. */
export function verifyEntityJson(entity: Entity): object {
  return {
    id: entity.id,
    name: entity.name,
    level: entity.level,
    type: entity.type,
    verified_at: entity.verifiedAt,
    expires_at: entity.expiresAt,
  };
}

/** The full entity of a lookup answer; `status` says whether it still vouches for its domain. */
export function lookupEntityJson(entity: Entity, now: Date): object {
  const status = entity.status === 'revoked' ? 'revoked' : isExpired(entity, now) ? 'expired' : 'active';
  return {
    id: entity.id,
    name: entity.name,
    domain: entity.domain,
    level: entity.level,
    type: entity.type,
    verified_at: entity.verifiedAt,
    expires_at: entity.expiresAt,
    status,
  };
}

/** The registry part of a verify answer, for every verdict but `expired` (which is an error). */
export function verifyDataJson(verdict: Exclude<RegistryVerdict, { kind: 'expired' }>): Record<string, unknown> {
  switch (verdict.kind) {
    case 'verified':
      return { domain: verdict.domain, verified: true, entity: verifyEntityJson(verdict.entity) };
    case 'not_verified':
      return { domain: verdict.domain, verified: false, entity: null };
    case 'blocked':
      return {
        domain: verdict.domain,
        verified: false,
        blocked: true,
        trust_score: 0,
        trust_level: 'NONE',
        agent_guidance: guidanceFor('NONE', verdict.block.reason),
      };
  }
}

/** The one-sentence message of the EXPIRED error. */
export function expiredMessage(domain: string, entity: Entity): string {
  return `The verification of ${domain} by ${entity.name} (${entity.id}) expired at ${entity.expiresAt}; it is not verified.`;
}
