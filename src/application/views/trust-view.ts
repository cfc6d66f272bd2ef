import type { TrustOutcome } from '../trust/assess-trust.js';
import { readinessJson } from './readiness-view.js';
import { registryStatusJson, verifyDataJson } from './registry-view.js';

/**
 * The answer of GET /verify?signals=true and of the MCP tool check_trust. A blocked name answers
 * exactly the contract's blocked case; the others add readiness and the trust assessment (score,
 * level, signals, guidance) to the registry fields. For an expired entity `expired` is true (the
 * HTTP adapter sends that case inside the EXPIRED error envelope).
 */
export function trustDataJson(outcome: TrustOutcome, baseUrl: string): Record<string, unknown> {
  const { verdict, assessment } = outcome;
  if (verdict.kind === 'blocked') return verifyDataJson(verdict);
  const readiness = readinessJson(outcome.readiness, outcome.latestReport, baseUrl);
  return {
    ...registryStatusJson(verdict),
    readiness,
    trust_score: assessment.trust_score,
    trust_level: assessment.trust_level,
    signals: assessment.signals,
    agent_guidance: assessment.agent_guidance,
  };
}
