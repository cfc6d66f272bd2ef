import type { EntityLevel } from '../../../domain/entity.js';
import { GUIDANCE_TABLE, TRUST_LEVELS } from '../../../domain/trust/agent-guidance.js';
import { EXTERNAL_CHECK_POINTS, READINESS_LIMITED_POINTS } from '../../../domain/trust/external-signal.js';
import type { TrustInputs } from '../../../domain/trust/trust-inputs.js';
import { TRUST_LEVEL_MIN_SCORES } from '../../../domain/trust/trust-level.js';
import { assessTrust, type TrustAssessment } from '../../../domain/trust/trust-score.js';
import { REGISTRY_LEVEL_SCORES, SIGNAL_MAX } from '../../../domain/trust/trust-signals.js';
import type { DocumentTemplates } from '../../ports/document-templates.js';
import { REUSE_SECONDS, SCORE_SECONDS } from '../../trust/assess-trust.js';
import { RENEW_AFTER_SECONDS } from '../../trust/refresh-observations.js';
import { duration, namedCounts, utcDate } from './doc-formats.js';
import { fillTemplate } from './fill-template.js';

/** The instant the worked example is scored at. */
export const WORKED_EXAMPLE_AT = new Date('2026-09-01T01:00:00.000Z');

/** When the worked example's domain was registered. */
const WORKED_EXAMPLE_REGISTERED = '2014-03-15T00:00:00.000Z';

/**
 * The worked example of the docs: a business verified at level `verified`, not a catalog brand,
 * registered 2014-03-15, a valid certificate, SPF and DMARC published, on no blocklist, its site
 * scanned `ready`, every observation renewed by the background refresh within the day.
 */
const WORKED_EXAMPLE: TrustInputs = {
  registry: { kind: 'verified', level: 'verified' },
  brand: { knownBrand: false, lookalikeOf: null, reason: null },
  registeredAt: WORKED_EXAMPLE_REGISTERED,
  tls: { valid: true, validTo: '2027-01-01T00:00:00.000Z', observedAt: '2026-09-01T00:00:00.000Z' },
  external: { blocklists: { listedOn: [] }, spf: { published: true }, dmarc: { published: true }, readiness: { value: 'ready' } },
};

/** What the service answers for the worked example: the docs print this, so they cannot disagree with it. */
export function workedExampleAnswer(): Pick<TrustAssessment, 'trust_score' | 'trust_level' | 'agent_guidance'> {
  const { trust_score, trust_level, agent_guidance } = assessTrust(WORKED_EXAMPLE, WORKED_EXAMPLE_AT);
  return { trust_score, trust_level, agent_guidance };
}

/** The fewest years of registration with which the worked example, at `level`, reaches HIGH, as the scoring says. */
function yearsToHigh(level: EntityLevel): string {
  for (let years = 0; years <= SIGNAL_MAX.domain_age; years++) {
    const at = WORKED_EXAMPLE_AT;
    const registeredAt = new Date(Date.UTC(at.getUTCFullYear() - years, at.getUTCMonth(), at.getUTCDate())).toISOString();
    const { trust_score } = assessTrust({ ...WORKED_EXAMPLE, registry: { kind: 'verified', level }, registeredAt }, at);
    if (trust_score >= TRUST_LEVEL_MIN_SCORES.HIGH) return String(years);
  }
  throw new Error(`Level ${level} never reaches HIGH in the worked example.`);
}

/** The trust section of /api.md: signals, levels, freshness and the worked example, from the code that answers. */
export function trustGuide(templates: DocumentTemplates): string {
  const levels = TRUST_LEVELS.map((level) => {
    const row = GUIDANCE_TABLE[level];
    return `| ${level} | ${TRUST_LEVEL_MIN_SCORES[level]}+ | ${row.action} | ${row.safeActions.join(', ') || 'none'} | ${row.maxTransactionUsd} | ${row.requiresHuman} |`;
  });
  const example = assessTrust(WORKED_EXAMPLE, WORKED_EXAMPLE_AT);
  const score = (signal: keyof typeof SIGNAL_MAX) => String(example.signals[signal].score);
  return fillTemplate(
    templates.text('trust'),
    {
      registry_max: String(SIGNAL_MAX.registry),
      registry_levels: namedCounts(REGISTRY_LEVEL_SCORES),
      brand_max: String(SIGNAL_MAX.brand),
      domain_age_max: String(SIGNAL_MAX.domain_age),
      ssl_max: String(SIGNAL_MAX.ssl),
      external_max: String(SIGNAL_MAX.external),
      blocklist_points: String(EXTERNAL_CHECK_POINTS.blocklists),
      spf_points: String(EXTERNAL_CHECK_POINTS.spf),
      dmarc_points: String(EXTERNAL_CHECK_POINTS.dmarc),
      ready_points: String(EXTERNAL_CHECK_POINTS.readiness),
      limited_points: String(READINESS_LIMITED_POINTS),
      levels_table: levels.join('\n'),
      score_tls: duration(SCORE_SECONDS.tls),
      score_reputation: duration(SCORE_SECONDS.reputation),
      score_domain_age: duration(SCORE_SECONDS.domain_age),
      renew_tls: duration(RENEW_AFTER_SECONDS.tls),
      renew_domain_age: duration(RENEW_AFTER_SECONDS.domain_age),
      reuse_tls: duration(REUSE_SECONDS.tls),
      reuse_reputation: duration(REUSE_SECONDS.reputation),
      reuse_domain_age: duration(REUSE_SECONDS.domain_age),
      example_registry: score('registry'),
      example_brand: score('brand'),
      example_registered: utcDate(WORKED_EXAMPLE_REGISTERED),
      example_years: String(example.signals.domain_age.years),
      example_at: utcDate(WORKED_EXAMPLE_AT),
      example_domain_age: score('domain_age'),
      example_ssl: score('ssl'),
      example_external: score('external'),
      example_answer: JSON.stringify(workedExampleAnswer(), null, 2),
      high_min_score: String(TRUST_LEVEL_MIN_SCORES.HIGH),
      enterprise_years: yearsToHigh('enterprise'),
      verified_years: yearsToHigh('verified'),
      medium_max_usd: String(GUIDANCE_TABLE.MEDIUM.maxTransactionUsd),
    },
    'trust',
  );
}
