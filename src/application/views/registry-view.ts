import { isExpired, type Entity } from '../../domain/entity.js';
import type { RegistryVerdict } from '../../domain/registry-verdict.js';
import { guidanceFor } from '../../domain/trust/agent-guidance.js';
import type { VerifyOutcome } from '../verify-domain.js';
import { readinessJson } from './readiness-view.js';

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

/**
 * The registry part of every verify-like answer (plain verify, MCP verify_domain, check_trust). An
 * expired verification is stated, not thrown: `expired: true` with the entity and a message. The
 * HTTP adapter sends that case inside the contract's EXPIRED error envelope (see `expired`).
 */
export function registryStatusJson(verdict: RegistryVerdict): Record<string, unknown> {
  if (verdict.kind !== 'expired') return verifyDataJson(verdict);
  return { domain: verdict.domain, verified: false, expired: true, entity: verifyEntityJson(verdict.entity), message: expiredMessage(verdict.domain, verdict.entity) };
}

/** The answer of `GET /verify/{domain}` and MCP `verify_domain`: registry status, then readiness (none when blocked). */
export function verifyJson(outcome: VerifyOutcome, baseUrl: string): Record<string, unknown> {
  const status = registryStatusJson(outcome.verdict);
  if (outcome.verdict.kind === 'blocked') return status;
  return { ...status, readiness: readinessJson(outcome.readiness, outcome.latestReport, baseUrl) };
}

/** An expired answer split the way the contract's EXPIRED envelope carries it: the message, and the rest as details. */
export interface ExpiredAnswer {
  readonly message: string;
  readonly details: Record<string, unknown>;
}

/** The EXPIRED form of a verify-like answer, or undefined when the answer is not an expired one. */
export function expired(answer: Record<string, unknown>): ExpiredAnswer | undefined {
  if (answer.expired !== true) return undefined;
  const { domain, entity, message, expired: _expired, verified: _verified, ...rest } = answer;
  return { message: String(message), details: { domain, entity, ...rest } };
}

/** The one-sentence message of the EXPIRED error. */
export function expiredMessage(domain: string, entity: Entity): string {
  return `The verification of ${domain} by ${entity.name} (${entity.id}) expired at ${entity.expiresAt}; it is not verified.`;
}
