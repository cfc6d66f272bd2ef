import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import type { FixtureSite } from './fixture-site.js';

/** The report check or declaration that judges a case's file; `contact_legal` for home pages. */
export const CORPUS_KINDS = [
  'robots_txt',
  'sitemap',
  'security_txt',
  'llms_txt',
  'agents_md',
  'a2a_agent_card',
  'mcp_server_card',
  'api_catalog',
  'oauth_authorization_server',
  'oauth_protected_resource',
  'contact_legal',
] as const;
export type CorpusKind = (typeof CORPUS_KINDS)[number];

export type Judgment = 'pass' | 'warn';
export type LegalKind = 'privacy' | 'terms' | 'contact';
export const LEGAL_KINDS: readonly LegalKind[] = ['privacy', 'terms', 'contact'];

export interface RobotsDecisionCase {
  readonly userAgent: string;
  readonly path: string;
  readonly allowed: boolean;
}

interface CorpusExpectation {
  readonly judgment?: Judgment;
  readonly because?: string;
  readonly decisions?: readonly RobotsDecisionCase[];
  readonly otherHostUrls?: readonly string[];
  /** Home pages: an absolute URL, `mail`, `homepage` or `none`. */
  readonly privacy?: string;
  readonly terms?: string;
  readonly contact?: string;
}

export interface CorpusCase {
  readonly id: string;
  readonly kind: CorpusKind;
  /** The full host name the case is served on. */
  readonly host: string;
  readonly path: string;
  readonly file: string;
  readonly source: { readonly repository: string; readonly commit: string; readonly path: string };
  readonly structure: string;
  readonly expected: CorpusExpectation;
}

const CORPUS_HOST_SUFFIX = '.corpus.example.com';
const CORPUS_DIR = new URL('../data/real-world/', import.meta.url);

const CONTENT_TYPES: Readonly<Record<CorpusKind, string>> = {
  robots_txt: 'text/plain',
  sitemap: 'application/xml',
  security_txt: 'text/plain; charset=utf-8',
  llms_txt: 'text/plain; charset=utf-8',
  agents_md: 'text/markdown; charset=utf-8',
  a2a_agent_card: 'application/json',
  mcp_server_card: 'application/json',
  api_catalog: 'application/linkset+json; profile="https://www.rfc-editor.org/info/rfc9727"',
  oauth_authorization_server: 'application/json',
  oauth_protected_resource: 'application/json',
  contact_legal: 'text/html; charset=utf-8',
};

/** Reads and checks `cases.yaml`; throws on a malformed entry so that a broken manifest cannot pass. */
export function loadCorpus(): CorpusCase[] {
  const raw: unknown = parse(readFileSync(new URL('cases.yaml', CORPUS_DIR), 'utf8'));
  if (!Array.isArray(raw)) throw new Error('cases.yaml must be a list');
  const cases = raw.map((entry: any): CorpusCase => {
    const where = `case ${entry?.id ?? '?'}`;
    for (const field of ['id', 'kind', 'host', 'path', 'file', 'structure']) {
      if (typeof entry?.[field] !== 'string' || entry[field] === '') throw new Error(`${where}: ${field} is missing`);
    }
    if (!(CORPUS_KINDS as readonly string[]).includes(entry.kind)) throw new Error(`${where}: unknown kind ${entry.kind}`);
    if (!/^h\d\d$/.test(entry.host)) throw new Error(`${where}: host must be hNN`);
    const source = entry.source ?? {};
    if (!/^[\w.-]+\/[\w.-]+$/.test(source.repository ?? '') || !/^[0-9a-f]{40}$/.test(source.commit ?? '') || !source.path) {
      throw new Error(`${where}: source needs repository, a 40-hex commit and a path`);
    }
    const expected = entry.expected ?? {};
    if (entry.kind === 'contact_legal') {
      for (const kind of LEGAL_KINDS) if (typeof expected[kind] !== 'string') throw new Error(`${where}: expected.${kind} is missing`);
    } else if (expected.judgment !== 'pass' && expected.judgment !== 'warn') {
      throw new Error(`${where}: expected.judgment must be pass or warn`);
    } else if (expected.judgment === 'warn' && typeof expected.because !== 'string') {
      throw new Error(`${where}: a warn needs a because`);
    }
    if (entry.kind === 'robots_txt' && !Array.isArray(expected.decisions)) throw new Error(`${where}: robots cases need decisions`);
    if (entry.kind === 'sitemap' && !Array.isArray(expected.otherHostUrls)) throw new Error(`${where}: sitemap cases need otherHostUrls`);
    return { ...entry, host: `${entry.host}${CORPUS_HOST_SUFFIX}`, source, expected };
  });
  const seen = new Set<string>();
  for (const c of cases) {
    // One case of a kind per host, so that each report judges exactly one file of that kind.
    for (const key of [`id ${c.id}`, `${c.host} ${c.kind}`, `${c.host} ${c.path}`]) {
      if (seen.has(key)) throw new Error(`cases.yaml: duplicate ${key}`);
      seen.add(key);
    }
  }
  return cases;
}

/** The file as served: `{{date+Nd}}` becomes the UTC date N days after `now`. */
export function caseBody(c: CorpusCase, now: Date): string {
  const text = readFileSync(new URL(c.file, CORPUS_DIR), 'utf8');
  return text.replace(/\{\{date\+(\d+)d\}\}/g, (_match, days: string) => new Date(now.getTime() + Number(days) * 86_400_000).toISOString().slice(0, 10));
}

/** Routes every case at its host and path, with the content type a site would send. */
export function routeCorpus(site: FixtureSite, cases: readonly CorpusCase[], now: Date): void {
  for (const c of cases) {
    site.route(`${c.host}${c.path}`, { headers: { 'content-type': CONTENT_TYPES[c.kind] }, body: caseBody(c, now) });
  }
}

/**
 * The sitemap a scan reads on a host: the first https Sitemap line of its robots.txt on that host
 * (without a port), else /sitemap.xml. Used to check that each sitemap case is served there.
 */
export function sitemapPathFor(robotsText: string | undefined, host: string): string {
  for (const line of (robotsText ?? '').split(/\r\n|\r|\n/)) {
    const match = /^\s*sitemap\s*:\s*(\S+)/i.exec(line.split('#', 1)[0] ?? '');
    if (!match || !URL.canParse(match[1]!)) continue;
    const url = new URL(match[1]!);
    if (url.protocol === 'https:' && url.hostname === host && url.port === '') return url.pathname;
  }
  return '/sitemap.xml';
}
