import { isExpired, type Entity } from '../../domain/entity.js';
import type { RegistryVerdict } from '../../domain/registry-verdict.js';
import { guidanceFor } from '../../domain/trust/agent-guidance.js';
import type { VerifyOutcome } from '../verdict/verify-domain.js';
import { readinessJson } from './readiness-view.js';
import { verdictPageUrl } from './verdict-page-view.js';
import type { lookupEntitySchema, verifyEntitySchema, VerifyAnswer, VerifyView } from './registry-schema.js';
import type { z } from 'zod';

export { lookupEntitySchema, verifyAnswerSchema, type VerifyAnswer, type VerifyView } from './registry-schema.js';

/** The entity object of a verify answer. */
function verifyEntityJson(entity: Entity): z.infer<typeof verifyEntitySchema> {
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
export function lookupEntityJson(entity: Entity, now: Date): z.infer<typeof lookupEntitySchema> {
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

/**
 * The registry part of every verify-like answer (plain verify, MCP verify_domain, check_trust). An
 * expired verification is stated, not thrown: `expired: true` with the entity and a message.
 */
export function registryStatusJson(verdict: RegistryVerdict): VerifyAnswer {
  switch (verdict.kind) {
    case 'verified':
      return { domain: verdict.domain, verified: true, entity: verifyEntityJson(verdict.entity) };
    case 'not_verified':
      return { domain: verdict.domain, verified: false, entity: null };
    case 'expired':
      return {
        domain: verdict.domain,
        verified: false,
        expired: true,
        entity: verifyEntityJson(verdict.entity),
        message: expiredMessage(verdict.domain, verdict.entity),
      };
    case 'blocked':
      return blockedJson(verdict);
  }
}

/** The contract's answer for a blocked name, with or without signals. */
export function blockedJson(verdict: Extract<RegistryVerdict, { kind: 'blocked' }>) {
  return {
    domain: verdict.domain,
    verified: false,
    blocked: true,
    trust_score: 0,
    trust_level: 'NONE',
    agent_guidance: guidanceFor('NONE', verdict.block.reason),
  } as const satisfies VerifyAnswer;
}

/** `GET /verify/{domain}` and MCP `verify_domain`: registry status, then readiness (none when blocked). */
export function verifyView(outcome: VerifyOutcome, baseUrl: string): VerifyView {
  const status = registryStatusJson(outcome.verdict);
  const links = pageLinks(baseUrl, outcome.verdict.domain);
  if (outcome.verdict.kind === 'blocked') return verdictView(outcome.verdict, { ...status, links });
  return verdictView(outcome.verdict, { ...status, readiness: readinessJson(outcome.readiness, outcome.latestReport, baseUrl), links });
}

/** The `links` of a verify-like answer: the domain's verdict page, which MCP tools' results carry too. */
export function pageLinks(baseUrl: string, domain: string): { page: string } {
  return { page: verdictPageUrl(baseUrl, domain) };
}

/**
 * An answer as the view of its verdict: `data`, or for an expired verification `expired` with the
 * EXPIRED error's message and details (every other field of the answer, `verified: false` and
 * `expired: true` included), so that HTTP's error and MCP's failed result carry the same fields.
 */
export function verdictView<A extends VerifyAnswer>(
  verdict: RegistryVerdict,
  answer: A,
): { kind: 'data'; answer: A } | { kind: 'expired'; answer: A; error: { message: string; details: Record<string, unknown> } } {
  if (verdict.kind !== 'expired') return { kind: 'data', answer };
  const { message: _message, ...details } = answer;
  return { kind: 'expired', answer, error: { message: expiredMessage(verdict.domain, verdict.entity), details } };
}

/** The one-sentence message of the EXPIRED error. */
function expiredMessage(domain: string, entity: Entity): string {
  return `The verification of ${domain} by ${entity.name} (${entity.id}) expired at ${entity.expiresAt}; it is not verified.`;
}
