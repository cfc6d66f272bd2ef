import { capGuidance } from './agent-guidance.js';
import type { BrandCatalog } from './brand-catalog.js';
import { registrableDomain, type DomainName } from '../domain-name.js';
import type { TrustAssessment } from './trust-score.js';
import type { BrandFinding } from './trust-inputs.js';

/** How the name asked about stands to the counterparty the agent meant; values are the answer's. */
/** How a name stands to the counterparty an agent meant. */
export const EXPECTED_RELATIONS = ['same', 'same_owner', 'lookalike', 'unrelated'] as const;
type ExpectedRelation = (typeof EXPECTED_RELATIONS)[number];

/** The `expected` part of a trust answer: the counterparty meant, the relation, and why, in sentences. */
export interface ExpectedCounterparty {
  readonly domain: string;
  readonly relation: ExpectedRelation;
  readonly evidence: readonly string[];
}

/**
 * How `name` stands to `expected`, the counterparty the agent meant to deal with:
 * - `same`: both are names under one registrable domain (www.google.com for google.com);
 * - `same_owner`: the catalog lists both registrable domains as one brand's (google.de and
 *   google.com), or stored ownership evidence ties `name` to the brand of `expected`;
 * - `lookalike`: `name` imitates the brand of `expected` (goog1e.com), with the rule that found it;
 * - `unrelated`: nothing Vetted knows ties the two (example.org for google.com).
 * `finding` is the brand finding of `name`, as the trust assessment scored it.
 */
export function relateToExpected(name: DomainName, expected: DomainName, finding: BrandFinding, catalog: BrandCatalog): ExpectedCounterparty {
  const mine = registrableDomain(name);
  const theirs = registrableDomain(expected);
  const meant = { domain: expected as string };
  if (mine === theirs) return { ...meant, relation: 'same', evidence: [`${name} is a name under ${theirs}, the domain expected.`] };
  const theirOwner = catalog.mainDomainOf(theirs) ?? theirs;
  const myOwner = catalog.mainDomainOf(mine);
  if (myOwner !== null && myOwner === theirOwner) {
    return { ...meant, relation: 'same_owner', evidence: [`The brand catalog lists ${mine} and ${theirs} as domains of one organisation (${theirOwner}).`] };
  }
  if (finding.ownedBy !== undefined && finding.ownedBy === theirOwner) {
    const shown = finding.ownership?.status === 'owned' ? finding.ownership.evidence.map((e) => e.detail) : [];
    return { ...meant, relation: 'same_owner', evidence: [`Stored ownership evidence shows ${theirOwner} owns ${mine}.`, ...shown] };
  }
  const imitated = finding.lookalikeBrand ?? (finding.lookalikeOf === null ? null : (catalog.mainDomainOf(finding.lookalikeOf) ?? finding.lookalikeOf));
  if (!finding.knownBrand && imitated !== null && (imitated === theirOwner || finding.lookalikeOf === theirs)) {
    return {
      ...meant,
      relation: 'lookalike',
      evidence: [`${finding.reason ?? `${mine} imitates ${theirOwner}.`}${finding.rule ? ` (rule: ${finding.rule})` : ''}`],
    };
  }
  return { ...meant, relation: 'unrelated', evidence: [`Nothing Vetted knows (the brand catalog, stored ownership evidence) ties ${mine} to ${theirs}.`] };
}

/**
 * `assessment` with what its relation to the expected counterparty says: a lookalike of it is no
 * better than FLAG, and an unrelated name no better than CAUTION, each saying why; the same name or
 * the same owner changes nothing.
 */
export function withExpected(assessment: TrustAssessment, expected: ExpectedCounterparty, name: string): TrustAssessment {
  switch (expected.relation) {
    case 'lookalike':
      return {
        ...assessment,
        agent_guidance: capGuidance(
          assessment.agent_guidance,
          'FLAG',
          `You expected ${expected.domain}, and ${name} imitates it: do not treat it as ${expected.domain}.`,
        ),
      };
    case 'unrelated':
      return {
        ...assessment,
        agent_guidance: capGuidance(
          assessment.agent_guidance,
          'CAUTION',
          `You expected ${expected.domain}, and nothing ties ${name} to it: confirm that this is the counterparty meant before going on.`,
        ),
      };
    default:
      return assessment;
  }
}
