import type { TrustOutcome } from '../trust/assess-trust.js';
import { readinessJson } from './readiness-view.js';
import { blockedJson, pageLinks, registryStatusJson, verdictView } from './registry-view.js';
import type { TrustView } from './trust-schema.js';

export { trustAnswerSchema, type TrustAnswer, type TrustView } from './trust-schema.js';

/**
 * The answer of GET /verify?signals=true and of the MCP tool check_trust. A blocked name answers
 * exactly the contract's blocked case; the others add readiness and the trust assessment (score,
 * level, signals, guidance) to the registry fields. An expired entity's answer is the `expired`
 * view (the HTTP adapter sends it as the EXPIRED error).
 */
export function trustView(outcome: TrustOutcome, baseUrl: string): TrustView {
  const { verdict, assessment } = outcome;
  const links = pageLinks(baseUrl, verdict.domain);
  if (verdict.kind === 'blocked') return verdictView(verdict, { ...blockedJson(verdict), links });
  return verdictView(verdict, {
    ...registryStatusJson(verdict),
    readiness: readinessJson(outcome.readiness, outcome.latestReport, baseUrl),
    trust_score: assessment.trust_score,
    trust_level: assessment.trust_level,
    signals: assessment.signals,
    agent_guidance: assessment.agent_guidance,
    ...(assessment.evidence ? { evidence: assessment.evidence } : {}),
    ...(outcome.expected ? { expected: outcome.expected } : {}),
    links,
  });
}
