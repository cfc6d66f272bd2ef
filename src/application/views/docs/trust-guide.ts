import { GUIDANCE_TABLE, TRUST_LEVELS } from '../../../domain/trust/agent-guidance.js';
import type { TrustInputs } from '../../../domain/trust/trust-inputs.js';
import { TRUST_LEVEL_MIN_SCORES } from '../../../domain/trust/trust-level.js';
import { assessTrust, type TrustAssessment } from '../../../domain/trust/trust-score.js';
import { REUSE_SECONDS, SCORE_SECONDS } from '../../trust/assess-trust.js';
import { RENEW_AFTER_SECONDS } from '../../trust/refresh-observations.js';

/** The instant the worked example is scored at. */
export const WORKED_EXAMPLE_AT = new Date('2026-09-01T01:00:00.000Z');

/**
 * The worked example of the docs: a business verified at level `verified`, not a catalog brand,
 * registered 2014-03-15, a valid certificate, SPF and DMARC published, on no blocklist, its site
 * scanned `ready`, every observation renewed by the background refresh within the day.
 */
export const WORKED_EXAMPLE: TrustInputs = {
  registry: { kind: 'verified', level: 'verified' },
  brand: { knownBrand: false, lookalikeOf: null, reason: null },
  registeredAt: '2014-03-15T00:00:00.000Z',
  tls: { valid: true, validTo: '2027-01-01T00:00:00.000Z', observedAt: '2026-09-01T00:00:00.000Z' },
  external: { blocklists: { listedOn: [] }, spf: { published: true }, dmarc: { published: true }, readiness: { value: 'ready' } },
};

/** What the service answers for the worked example: the docs print this, so they cannot disagree with it. */
export function workedExampleAnswer(): Pick<TrustAssessment, 'trust_score' | 'trust_level' | 'agent_guidance'> {
  const { trust_score, trust_level, agent_guidance } = assessTrust(WORKED_EXAMPLE, WORKED_EXAMPLE_AT);
  return { trust_score, trust_level, agent_guidance };
}

function hours(seconds: number): string {
  const [count, unit] = seconds % 86_400 === 0 ? [seconds / 86_400, 'day'] : [seconds / 3600, 'hour'];
  return `${count} ${unit}${count === 1 ? '' : 's'}`;
}

/** The trust section of /api.md: signals, levels, freshness and the worked example, from the code that answers. */
export function trustGuide(): string {
  const levels = TRUST_LEVELS.map((level) => {
    const row = GUIDANCE_TABLE[level];
    return `| ${level} | ${TRUST_LEVEL_MIN_SCORES[level]}+ | ${row.action} | ${row.safeActions.join(', ') || 'none'} | ${row.maxTransactionUsd} | ${row.requiresHuman} |`;
  });
  const answer = workedExampleAnswer();
  return `## Trust signals (\`?signals=true\`)

Each signal is \`{score, max, observed}\`; one that is not observed, or that failed, scores 0 and says why in \`error\` (a code) and
\`reason\` (words). Below PROCEED, \`agent_guidance.reason\` names the signals that held the score down.

| Signal | Max | Rule |
|---|---|---|
| registry | 40 | basic 20, verified 30, enterprise 40; not verified or expired 0 |
| brand | 20 | 20 for a catalog brand's own domain, or a lookalike the brand is shown to own (\`owned_by\`, \`ownership.evidence\`: a shared certificate, the same RDAP registrant, the brand's nameservers); any other lookalike names the brand, says in \`ownership\` whether it was checked, and caps the action at FLAG |
| domain_age | 15 | one point per full year since registration (RDAP) |
| ssl | 10 | a valid, unexpired certificate for the name |
| external | 15 | on no DNS blocklist 5, SPF 3, DMARC 3, latest scan \`ready\` 4 (\`limited\` 2); a listing scores 0 and caps at FLAG |

| Level | Score | Action | Safe actions | Max USD | Human review |
|---|---|---|---|---|---|
${levels.join('\n')}

**Where observations come from.** Reading never fetches. Without \`external=true\` a signal scores a stored observation while it is
young enough: TLS ${hours(SCORE_SECONDS.tls)}, reputation ${hours(SCORE_SECONDS.reputation)}, registration date ${hours(SCORE_SECONDS.domain_age)}
(older ones answer \`observed: false\`, \`error: "stale"\`); a scan's TLS evidence stands in for a missing TLS check.
For every active verified entity the service renews them in the background: TLS and reputation once they are
${hours(RENEW_AFTER_SECONDS.tls)} old (daily), the registration date once it is ${hours(RENEW_AFTER_SECONDS.domain_age)} old (monthly).
With \`external=true\` the checks not made within TLS ${hours(REUSE_SECONDS.tls)}, reputation ${hours(REUSE_SECONDS.reputation)}, registration
date ${hours(REUSE_SECONDS.domain_age)} run now, at once, under one deadline.

**Worked example: a verified business with a ready site.** Level \`verified\` (30), not a catalog brand (0), registered
2014-03-15 (12 full years on ${WORKED_EXAMPLE_AT.toISOString().slice(0, 10)}: 12), a valid certificate (10), SPF, DMARC, no listing and a \`ready\` scan (15):

\`\`\`json
${JSON.stringify(answer, null, 2)}
\`\`\`

**\`verified\` and the guidance answer two questions.** \`verified: true\` says the domain belongs to the registered
organization, which proved control of it and keeps proving it: the contract's rule "proceed only when \`verified\` is true"
is about identity. \`agent_guidance\` says how much to risk with it: a verified business that is not a known brand reaches
PROCEED (HIGH, ${TRUST_LEVEL_MIN_SCORES.HIGH}+) only with every other signal near its maximum (level \`enterprise\` with a domain
registered 5 years or more, or level \`verified\` with one registered 15 years or more), so most verified businesses get CAUTION: proceed with API calls and data sharing,
and let a person approve payments above ${GUIDANCE_TABLE.MEDIUM.maxTransactionUsd} USD.
`;
}
