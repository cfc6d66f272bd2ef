import { isRecord, stringOrNull } from './text-helpers.js';

interface OrganizationFacts {
  /** The schema.org type as written, prefix dropped (`Organization`, `Corporation`, `NGO`…). */
  readonly type: string;
  readonly name: string | null;
  readonly url: string | null;
  readonly logo: string | null;
  readonly sameAs: readonly string[];
}

export interface JsonLdSummary {
  readonly blockCount: number;
  /** Blocks that were not JSON, or were over the per-block cap. */
  readonly invalidBlockCount: number;
  /** Distinct `@type` values seen, first MAX_TYPES. */
  readonly types: readonly string[];
  readonly organizationCount: number;
  /** The most complete Organization node (name, url, logo, sameAs), or null. */
  readonly organization: OrganizationFacts | null;
}

export const MAX_JSON_LD_BLOCK_CHARS = 256 * 1024;
const MAX_NODES = 5_000;
const MAX_DEPTH = 12;
const MAX_TYPES = 30;
const MAX_SAME_AS = 20;

// schema.org Organization and the subtypes sites use most; LocalBusiness alone has over a
// hundred subtypes, so this is a list of the common ones, not all of them.
const ORGANIZATION_TYPES = new Set([
  'Organization',
  'Corporation',
  'NGO',
  'OnlineBusiness',
  'OnlineStore',
  'LocalBusiness',
  'Store',
  'Airline',
  'Consortium',
  'Cooperative',
  'EducationalOrganization',
  'CollegeOrUniversity',
  'School',
  'FundingScheme',
  'GovernmentOrganization',
  'LibrarySystem',
  'MedicalOrganization',
  'Hospital',
  'NewsMediaOrganization',
  'PerformingGroup',
  'MusicGroup',
  'PoliticalParty',
  'Project',
  'FundingAgency',
  'ResearchProject',
  'ResearchOrganization',
  'SearchRescueOrganization',
  'SportsOrganization',
  'SportsTeam',
  'WorkersUnion',
  'ProfessionalService',
  'LegalService',
  'Attorney',
  'Notary',
  'FinancialService',
  'BankOrCreditUnion',
  'AccountingService',
  'InsuranceAgency',
  'RealEstateAgent',
  'TravelAgency',
  'EmploymentAgency',
  'AutomotiveBusiness',
  'FoodEstablishment',
  'Restaurant',
  'CafeOrCoffeeShop',
  'Bakery',
  'HealthAndBeautyBusiness',
  'HomeAndConstructionBusiness',
  'LodgingBusiness',
  'Hotel',
  'EntertainmentBusiness',
  'MedicalBusiness',
  'Dentist',
  'Pharmacy',
  'Physician',
  'ShoppingCenter',
  'RadioStation',
  'TelevisionStation',
  'InternetCafe',
  'Library',
  'SelfStorage',
  'TouristInformationCenter',
]);

/**
 * Summarizes the JSON-LD blocks of a page: which types occur and the best schema.org
 * Organization (or subtype), found at top level, in arrays, in `@graph`, or nested (a WebSite's
 * publisher); `logo` may be a URL, an ImageObject or an `@id` reference to one. Never throws:
 * blocks that are not JSON are counted in `invalidBlockCount`.
 */
export function summarizeJsonLd(blocks: readonly string[]): JsonLdSummary {
  const byId = new Map<string, Record<string, unknown>>();
  const candidates: { type: string; node: Record<string, unknown> }[] = [];
  const types: string[] = [];
  let invalidBlockCount = 0;
  let visited = 0;

  for (const block of blocks) {
    let value: unknown;
    try {
      if (block.length > MAX_JSON_LD_BLOCK_CHARS) throw new RangeError('block too large');
      value = JSON.parse(block) as unknown;
    } catch {
      invalidBlockCount += 1;
      continue;
    }
    const stack: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
    while (stack.length > 0 && visited < MAX_NODES) {
      const { value: current, depth } = stack.pop() as { value: unknown; depth: number };
      visited += 1;
      if (depth > MAX_DEPTH) continue;
      const children = (Array.isArray(current) ? current : isRecord(current) ? Object.values(current) : []).slice(0, MAX_NODES);
      for (let i = children.length - 1; i >= 0; i -= 1) stack.push({ value: children[i], depth: depth + 1 });
      if (!isRecord(current)) continue;
      const id = stringOrNull(current['@id'], 2048);
      if (id !== null && Object.keys(current).length > 1 && !byId.has(id)) byId.set(id, current);
      for (const type of typeNames(current['@type'])) {
        if (!types.includes(type) && types.length < MAX_TYPES) types.push(type);
        if (ORGANIZATION_TYPES.has(type)) {
          candidates.push({ type, node: current });
          break;
        }
      }
    }
  }

  let organization: OrganizationFacts | null = null;
  let bestScore = -1;
  for (const { type, node } of candidates) {
    const facts = organizationFacts(type, node, byId);
    const score = [facts.name, facts.url, facts.logo].filter((v) => v !== null).length + (facts.sameAs.length > 0 ? 1 : 0);
    if (score > bestScore) {
      organization = facts;
      bestScore = score;
    }
  }
  return { blockCount: blocks.length, invalidBlockCount, types, organizationCount: candidates.length, organization };
}

function organizationFacts(type: string, node: Record<string, unknown>, byId: ReadonlyMap<string, Record<string, unknown>>): OrganizationFacts {
  const sameAs = (Array.isArray(node['sameAs']) ? node['sameAs'] : [node['sameAs']])
    .map((v: unknown) => stringOrNull(v, 2048))
    .filter((v): v is string => v !== null)
    .slice(0, MAX_SAME_AS);
  return {
    type,
    name: firstString(node['name'], 300),
    url: firstString(node['url'], 2048) ?? (isRecord(node['url']) ? stringOrNull(node['url']['@id'], 2048) : null),
    logo: imageUrl(node['logo'], byId) ?? imageUrl(node['image'], byId),
    sameAs,
  };
}

function imageUrl(value: unknown, byId: ReadonlyMap<string, Record<string, unknown>>): string | null {
  const first = Array.isArray(value) ? value[0] : value;
  const direct = stringOrNull(first, 2048);
  if (direct !== null || !isRecord(first)) return direct;
  const id = stringOrNull(first['@id'], 2048);
  const node = first['url'] === undefined && first['contentUrl'] === undefined && id !== null ? (byId.get(id) ?? first) : first;
  return firstString(node['url'], 2048) ?? firstString(node['contentUrl'], 2048);
}

function firstString(value: unknown, maxChars: number): string | null {
  return stringOrNull(Array.isArray(value) ? value[0] : value, maxChars);
}

function typeNames(value: unknown): string[] {
  const list = Array.isArray(value) ? value.slice(0, 10) : [value];
  return list
    .map((t: unknown) => stringOrNull(t, 200))
    .filter((t): t is string => t !== null)
    .map((t) => t.replace(/^(?:https?:\/\/schema\.org\/|schema:)/i, ''));
}
