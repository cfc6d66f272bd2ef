import { createRequire } from 'node:module';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { decideRobotsAccess } from '../../src/domain/scan/parsers/robots-txt-access.js';
import { parseRobotsTxt } from '../../src/domain/scan/parsers/robots-txt.js';
import type { CorpusKind, Judgment, LegalKind, RobotsDecisionCase } from './real-world-corpus.js';

// robots-parser is CommonJS with a default-export typing that NodeNext cannot call: load it as CommonJS.
const robotsParser = createRequire(import.meta.url)('robots-parser') as (
  url: string,
  text: string,
) => { isAllowed(url: string, ua?: string): boolean | undefined };

/** What one stored report says about one kind of file. */
export interface ReportJudgment {
  readonly status: string;
  readonly detail: string;
}

const DECLARATION_KINDS: readonly CorpusKind[] = [
  'llms_txt',
  'agents_md',
  'a2a_agent_card',
  'mcp_server_card',
  'api_catalog',
  'oauth_authorization_server',
  'oauth_protected_resource',
];

/** The status and detail of the check or declaration that judges `kind` in a stored JSON report. */
export function reportJudgment(report: any, kind: CorpusKind): ReportJudgment {
  const list: any[] = DECLARATION_KINDS.includes(kind) ? report.declarations : report.checks;
  const found = list.find((c) => c.id === kind);
  return found ? { status: String(found.status), detail: String(found.detail) } : { status: 'absent', detail: `no ${kind} in the report` };
}

const LEGAL_LABELS: Readonly<Record<LegalKind, string>> = { privacy: 'Privacy policy:', terms: 'Terms:', contact: 'Contact or legal notice:' };

/**
 * The page the report's contact and legal check chose for `kind`: the URL it fetched (its evidence),
 * else what its detail says: `none`, `mail`, `homepage` or `other-host`; `unknown` when neither tells.
 */
export function reportLegalChoice(report: any, kind: LegalKind): string {
  const fetched = report.evidence.find((e: any) => e.probe === `${kind}_page`);
  if (fetched) return normalizeUrl(String(fetched.requested_url));
  const detail = reportJudgment(report, 'contact_legal').detail;
  const start = detail.indexOf(LEGAL_LABELS[kind]);
  if (start < 0) return 'unknown';
  const ends = Object.values(LEGAL_LABELS)
    .map((label) => detail.indexOf(label, start + 1))
    .filter((i) => i > start);
  const line = detail.slice(start, ends.length > 0 ? Math.min(...ends) : undefined);
  if (line.includes('no homepage link')) return 'none';
  if (line.includes('e-mail address')) return 'mail';
  if (line.includes('points back to')) return 'homepage';
  if (line.includes('another host')) return 'other-host';
  return 'unknown';
}

/** An expected home-page choice as the report would state it: URLs normalized, other hosts as `other-host`. */
export function expectedLegalChoice(expected: string, host: string): string {
  if (!/^https?:\/\//.test(expected)) return expected;
  return new URL(expected).hostname === host ? normalizeUrl(expected) : 'other-host';
}

function normalizeUrl(url: string): string {
  return URL.canParse(url) ? new URL(url).href : url;
}

/** Vetted's own path decision, by the domain function the scanner uses. */
export function vettedRobotsDecision(robotsText: string, d: RobotsDecisionCase): boolean {
  return decideRobotsAccess(parseRobotsTxt(robotsText), d.userAgent, d.path).allowed;
}

/** robots-parser's decision for the same crawler and path (undefined if it refuses the URL). */
export function referenceRobotsDecision(robotsText: string, host: string, d: RobotsDecisionCase): boolean | undefined {
  const robots = robotsParser(`https://${host}/robots.txt`, robotsText);
  return robots.isAllowed(`https://${host}${d.path}`, d.userAgent);
}

export interface SitemapReading {
  readonly judgment: Judgment;
  readonly otherHostUrls: readonly string[];
  readonly problem: string | null;
}

const SITEMAP_NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const URL_LIMIT = 50_000;

/**
 * A sitemap read by fast-xml-parser and judged by the protocol's rules: well-formed XML, a urlset or
 * sitemapindex in the sitemaps.org namespace, 1 to 50,000 locs, each an absolute http(s) URL on `host`.
 */
export function referenceSitemap(xml: string, host: string): SitemapReading {
  const wellFormed = XMLValidator.validate(xml);
  if (wellFormed !== true) return { judgment: 'warn', otherHostUrls: [], problem: `not well-formed XML (${wellFormed.err.msg})` };
  const doc = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '@_',
    parseTagValue: false,
    isArray: (name) => name.endsWith('url') || name.endsWith('sitemap'),
  }).parse(xml);
  const rootName = Object.keys(doc).find((k) => !k.startsWith('?') && !k.startsWith('#'));
  if (rootName === undefined) return { judgment: 'warn', otherHostUrls: [], problem: 'no root element' };
  const prefix = rootName.includes(':') ? rootName.slice(0, rootName.indexOf(':')) : null;
  const local = rootName.slice(rootName.indexOf(':') + 1);
  if (local !== 'urlset' && local !== 'sitemapindex') return { judgment: 'warn', otherHostUrls: [], problem: `root element ${rootName}` };
  const root = doc[rootName] ?? {};
  const namespace = root[prefix === null ? '@_xmlns' : `@_xmlns:${prefix}`];
  const entryName = `${prefix === null ? '' : `${prefix}:`}${local === 'urlset' ? 'url' : 'sitemap'}`;
  const locName = `${prefix === null ? '' : `${prefix}:`}loc`;
  const locs: string[] = (root[entryName] ?? []).map((e: any) => String(e?.[locName] ?? '').trim());
  const otherHostUrls: string[] = [];
  let relative = 0;
  for (const loc of locs) {
    if (!/^https?:\/\//i.test(loc) || !URL.canParse(loc)) relative += 1;
    else if (new URL(loc).hostname !== host) otherHostUrls.push(loc);
  }
  const problems = [
    namespace !== SITEMAP_NAMESPACE ? `namespace ${String(namespace)}` : null,
    locs.length === 0 ? 'no <loc>' : null,
    locs.length > URL_LIMIT ? `${locs.length} URLs` : null,
    relative > 0 ? `${relative} <loc> not absolute http(s) URLs` : null,
    otherHostUrls.length > 0 ? `${otherHostUrls.length} <loc> on other hosts` : null,
  ].filter((p): p is string => p !== null);
  return { judgment: problems.length === 0 ? 'pass' : 'warn', otherHostUrls, problem: problems.length === 0 ? null : problems.join('; ') };
}
