import { extractHomepageFacts, type HomepageFacts } from '../parsers/html-homepage.js';
import type { ProbeResponse } from '../probes.js';
import type { CheckResult } from '../report.js';
import { contactLegalCheck } from './legal-pages.js';
import { coreCheck, evidenceOf, failureOf, isSuccess, responseOf, type ScanObservations } from './observations.js';
import { securityTxtCheck } from './security-txt-check.js';

/** The homepage facts, from the HTTPS homepage or else the HTTP one; undefined when neither answered HTML. */
export function homepageFacts(obs: ScanObservations): { facts: HomepageFacts; evidence: number[]; response: ProbeResponse } | undefined {
  for (const probe of ['https_root', 'http_root'] as const) {
    const res = responseOf(obs, probe);
    if (isSuccess(res)) return { facts: extractHomepageFacts(res.bodyText, res.finalUrl), evidence: evidenceOf(obs, probe), response: res };
  }
  return undefined;
}

/** Homepage metadata, organization identity, contact and legal pages (fetched), security.txt. */
export function identityChecks(obs: ScanObservations): CheckResult[] {
  const home = homepageFacts(obs);
  return [metadataCheck(obs, home), organizationCheck(obs, home), contactLegal(obs, home), securityTxtCheck(obs)];
}

type Home = ReturnType<typeof homepageFacts>;

function metadataCheck(obs: ScanObservations, home: Home): CheckResult {
  if (!home) return coreCheck('homepage_metadata', 'fail', 0, `No homepage to read (${failureOf(obs, 'https_root')}).`, evidenceOf(obs, 'https_root'));
  const f = home.facts;
  const present: Array<[string, boolean]> = [
    ['title', !!f.title?.trim()],
    ['description', !!f.metaDescription?.trim()],
    ['language', !!f.lang?.trim()],
  ];
  const points = present.filter(([, ok]) => ok).length * 2;
  const missing = present.filter(([, ok]) => !ok).map(([name]) => name);
  const status = points === 6 ? 'pass' : points > 0 ? 'warn' : 'fail';
  return coreCheck(
    'homepage_metadata',
    status,
    points,
    missing.length === 0 ? 'Title, description and language are set.' : `Missing: ${missing.join(', ')}.`,
    home.evidence,
  );
}

function organizationCheck(obs: ScanObservations, home: Home): CheckResult {
  if (!home) return coreCheck('organization_identity', 'fail', 0, 'No homepage to read.', evidenceOf(obs, 'https_root'));
  const org = home.facts.jsonLd.organization;
  if (org?.name && org.url)
    return coreCheck('organization_identity', 'pass', 8, `JSON-LD ${org.type} with name and url${org.logo ? ' and logo' : ''}.`, home.evidence);
  if (org) return coreCheck('organization_identity', 'warn', 4, `JSON-LD ${org.type} without ${org.name ? 'url' : 'name'}.`, home.evidence);
  if (home.facts.ogSiteName) return coreCheck('organization_identity', 'warn', 4, 'Only og:site_name names the organization.', home.evidence);
  return coreCheck('organization_identity', 'fail', 0, 'No schema.org Organization and no og:site_name.', home.evidence);
}

function contactLegal(obs: ScanObservations, home: Home): CheckResult {
  if (!home) return coreCheck('contact_legal', 'fail', 0, 'No homepage to read.', evidenceOf(obs, 'https_root'));
  return contactLegalCheck(obs, home.response, home.facts, home.evidence);
}
