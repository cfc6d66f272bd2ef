import { capGuidance, guidanceFor, withReason, type AgentGuidance, type TrustLevel } from './agent-guidance.js';
import { blocklistListings, externalSignal } from './external-signal.js';
import type { Evidence } from './evidence-shape.js';
import type { TrustInputs } from './trust-inputs.js';
import { lookalikeReason } from './lookalike-reason.js';
import { scoreReason } from './score-reason.js';
import { trustLevelFor } from './trust-level.js';
import { brandSignal, domainAgeSignal, registrySignal, sslSignal, type TrustSignals } from './trust-signals.js';
import { unjudgedBlock } from './unjudged-block.js';

/** The trust part of a verify answer with `signals=true`; field names are the contract's. */
export interface TrustAssessment {
  /** Sum of the signal scores, 0-100 (0 for a blocked name). */
  readonly trust_score: number;
  readonly trust_level: TrustLevel;
  readonly signals: TrustSignals;
  readonly agent_guidance: AgentGuidance;
  /** What the answer rests on (see withEvidence); set by the service, absent from a bare assessTrust. */
  readonly evidence?: Evidence;
}

/**
 * Scores what is known about a name at `now`: the five signals (registry 40, brand 20, domain age
 * 15, SSL 10, external 15) add up to the trust score, the score gives the trust level by the
 * contract's ranges and the level gives the guidance row. A NONE score that the unobserved signals
 * could lift out of NONE is a FLAG, not a BLOCK, unless a lookalike or a listing argues for blocking
 * (see unjudgedBlock). Below PROCEED the guidance reason says
 * which signals held the score down and why, which were not looked at, and what would raise
 * the score (see scoreReason). Then, in this order:
 * - a name the operator blocked scores 0, level NONE, guidance BLOCK with the block's reason;
 * - a lookalike (or mixed-script name) caps the guidance at FLAG, its reason naming the brand;
 * - a DNS blocklist listing caps the guidance at FLAG, its reason naming the lists;
 * - an expired registry verification scores as not verified and the guidance says so.
 */
export function assessTrust(inputs: TrustInputs, now: Date): TrustAssessment {
  const signals: TrustSignals = {
    registry: registrySignal(inputs.registry),
    brand: brandSignal(inputs.brand),
    domain_age: domainAgeSignal(inputs.registeredAt, now),
    ssl: sslSignal(inputs.tls, now),
    external: externalSignal(inputs.external),
  };
  if (inputs.registry.kind === 'blocked') {
    return { trust_score: 0, trust_level: 'NONE', signals, agent_guidance: guidanceFor('NONE', inputs.registry.reason) };
  }

  const trust_score = Object.values(signals).reduce((sum, signal) => sum + signal.score, 0);
  const trust_level = trustLevelFor(trust_score);
  let guidance = guidanceFor(trust_level);
  if (guidance.action !== 'PROCEED') guidance = withReason(guidanceFor(trust_level, ''), scoreReason(trust_score, trust_level, signals));
  const lookalike = !inputs.brand.knownBrand && inputs.brand.reason !== null;
  const listings = blocklistListings(signals.external);
  // Only a low score argues for blocking here: one that unobserved signals could lift is a FLAG.
  if (!lookalike && listings.length === 0) guidance = unjudgedBlock(guidance, trust_score, signals);
  if (lookalike) guidance = capGuidance(guidance, 'FLAG', lookalikeReason(inputs.brand));
  if (listings.length > 0) {
    guidance = capGuidance(guidance, 'FLAG', `Listed on the DNS blocklist${listings.length > 1 ? 's' : ''} ${listings.join(', ')}.`);
  }
  if (inputs.registry.kind === 'expired') {
    guidance = withReason(guidance, `The registry verification expired at ${inputs.registry.expiresAt}; scored as not verified.`);
  }
  return { trust_score, trust_level, signals, agent_guidance: guidance };
}
