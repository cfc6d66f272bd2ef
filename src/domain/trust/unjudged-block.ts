import { guidanceFor, type AgentGuidance } from './agent-guidance.js';
import { TRUST_LEVEL_MIN_SCORES, trustLevelFor } from './trust-level.js';
import type { TrustSignals } from './trust-signals.js';

/**
 * Guidance for a score in the NONE range that rests on too little to block. BLOCK says the evidence
 * is against a counterparty; a score that is low only because signals were not looked at (a first
 * look still running, RDAP or TLS unreachable) says nothing of the kind. When the points of the
 * unobserved signals, were they all earned, would lift the score out of NONE, the guidance becomes
 * the FLAG row (human review, no payment) and its reason says what could reach what. Guidance other
 * than BLOCK, and a BLOCK that full marks on every unobserved signal could not lift, are returned
 * unchanged. Callers apply it only when nothing else argues for blocking (see assessTrust).
 */
export function unjudgedBlock(guidance: AgentGuidance, score: number, signals: TrustSignals): AgentGuidance {
  if (guidance.action !== 'BLOCK') return guidance;
  const atStake = Object.values(signals)
    .filter((signal) => !signal.observed)
    .reduce((sum, signal) => sum + signal.max, 0);
  const reachable = score + atStake;
  if (reachable < TRUST_LEVEL_MIN_SCORES.LOW) return guidance;
  const why =
    `Not enough was looked at to block: the ${atStake} points not looked at could bring the score to ${reachable} ` +
    `(${trustLevelFor(reachable)}). Send to human review, or ask again once the looks are done.`;
  return guidanceFor('LOW', guidance.reason ? `${guidance.reason} ${why}` : why);
}
