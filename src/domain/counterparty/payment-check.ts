import type { AgentGuidance } from '../trust/agent-guidance.js';
import type { CounterpartyKind } from './declaration.js';

/** How a fact came to be bound: declared by the entity under its proven domain, or observed in a signed scan report of that domain. */
export type BindingSource = 'declared' | 'observed';

/** One fact bound to one entity, since when, and where it was declared or seen. */
export interface Binding {
  readonly kind: CounterpartyKind;
  readonly key: string;
  readonly value: string;
  readonly entityId: string;
  readonly entityName: string;
  readonly domain: string;
  readonly how: BindingSource;
  /** Where: the TXT name or the file's URL. */
  readonly source: string;
  /** When it was first bound (ISO 8601). */
  readonly since: string;
}

/** A fact's standing toward one domain's entity: bound to it, to no one, or to another entity. */
export interface CounterpartyStanding {
  readonly status: 'bound' | 'unbound' | 'bound_elsewhere';
  /** The binding to the domain's entity (bound) or the other entity's (bound_elsewhere). */
  readonly binding?: Binding;
  /** Other entities the same fact is bound to as well: a fact bound to two entities is flagged in both answers. */
  readonly alsoBoundTo: readonly Binding[];
}

/** A destination or key first bound less than this long ago is new: a changed destination is how payment-redirection fraud looks. */
export const NEW_BINDING_SECONDS = 7 * 86_400;

/** The standing of a fact whose bindings are `bindings`, toward the entity `entityId` (null when the domain has none). */
export function counterpartyStanding(bindings: readonly Binding[], entityId: string | null): CounterpartyStanding {
  const mine = bindings.filter((b) => entityId !== null && b.entityId === entityId);
  const others = bindings.filter((b) => entityId === null || b.entityId !== entityId);
  // The declared binding first, then the oldest.
  const ordered = [...mine].sort((a, b) => (a.how === b.how ? a.since.localeCompare(b.since) : a.how === 'declared' ? -1 : 1));
  if (ordered[0]) return { status: 'bound', binding: ordered[0], alsoBoundTo: others };
  if (others[0]) return { status: 'bound_elsewhere', binding: others[0], alsoBoundTo: others.slice(1) };
  return { status: 'unbound', alsoBoundTo: [] };
}

/** What check_payment decides, and why, in one sentence an agent can show a person. */
export interface PaymentDecision {
  readonly action: 'PROCEED' | 'FLAG' | 'BLOCK';
  readonly reason: string;
}

/**
 * Whether to pay `destination` on behalf of `domain`: BLOCK when the domain is blocked; PROCEED
 * only when the destination is bound to the domain's verified entity for at least seven days, to
 * no other entity, and the domain's trust guidance is PROCEED with `amountUsd` within its
 * max_transaction_usd; FLAG otherwise, the reason naming what failed (not declared, bound to
 * another entity, newly bound and since when, the amount, or the trust guidance's own reason).
 */
export function judgePayment(input: {
  readonly domain: string;
  readonly destination: string;
  readonly blocked: boolean;
  readonly verified: boolean;
  readonly guidance: AgentGuidance;
  readonly standing: CounterpartyStanding;
  readonly amountUsd: number;
  readonly now: Date;
}): PaymentDecision {
  const { domain, destination, standing, guidance } = input;
  if (input.blocked) return { action: 'BLOCK', reason: guidance.reason ?? `${domain} is blocked.` };
  const flag = (reason: string): PaymentDecision => ({ action: 'FLAG', reason });
  if (standing.status === 'bound_elsewhere') {
    const other = standing.binding!;
    return flag(`${destination} belongs to ${other.entityName} (${other.domain}), not to ${domain}: do not pay it for ${domain} without asking a person.`);
  }
  if (standing.status === 'unbound' || !input.verified)
    return flag(
      input.verified
        ? `${destination} was never declared by ${domain}'s verified entity: a destination the shop did not declare is where redirected payments go; ask a person.`
        : `${domain} is not a verified entity, so no destination is bound to it: ask a person before paying ${destination}.`,
    );
  const binding = standing.binding!;
  if (standing.alsoBoundTo.length > 0)
    return flag(
      `${destination} is bound to ${domain} and also to ${standing.alsoBoundTo.map((b) => `${b.entityName} (${b.domain})`).join(', ')}: one destination of two entities needs a person.`,
    );
  const age = (input.now.getTime() - Date.parse(binding.since)) / 1000;
  if (age < NEW_BINDING_SECONDS)
    return flag(
      `${destination} was first bound to ${domain} on ${binding.since.slice(0, 10)}, less than 7 days ago: a changed payment destination is the usual sign of payment redirection; confirm it with ${binding.entityName} through a channel you already trust.`,
    );
  if (guidance.action !== 'PROCEED')
    return flag(`The destination is ${domain}'s own, but its trust guidance is ${guidance.action}: ${guidance.reason ?? 'see check_trust'}`);
  if (input.amountUsd > guidance.max_transaction_usd)
    return flag(`${input.amountUsd} USD is above the ${guidance.max_transaction_usd} USD ${domain}'s trust allows without a person.`);
  return {
    action: 'PROCEED',
    reason: `${destination} is ${binding.entityName}'s (${binding.how} under ${domain} since ${binding.since.slice(0, 10)}), and ${domain}'s trust allows ${input.amountUsd} USD.`,
  };
}
