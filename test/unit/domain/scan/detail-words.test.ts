import { expect } from 'chai';
import { domainName } from '../../../../src/domain/domain-name.js';
import { judgeSite } from '../../../../src/domain/scan/judge/judge-site.js';
import { CORE_CHECKS, DECLARATIONS } from '../../../../src/domain/scan/methodology.js';
import { PROBES, type ProbeId, type ProbeResponse, type ProbeResult } from '../../../../src/domain/scan/probes.js';

// Every detail a check or declaration can write, reached by judging a site whose files, one probe
// at a time, take every shape the templates tell apart: absent, failed each way, 4xx, 5xx, an HTML
// soft 404, and bodies with none, one and several of each thing a detail counts, and each mistake.

const NOW = new Date('2026-09-10T00:00:00.000Z');
const HOST = 'site.example.com';
const ORIGIN = `https://${HOST}`;
const FAILURES = [
  'BLOCKED_ADDRESS',
  'DNS_FAILURE',
  'CONNECT_FAILED',
  'TLS_ERROR',
  'TIMEOUT',
  'TOO_MANY_REDIRECTS',
  'BAD_REDIRECT',
  'BAD_URL',
  'PROTOCOL_ERROR',
];
const json = (value: unknown) => JSON.stringify(value);
const urlset = (locs: readonly string[], ns = 'http://www.sitemaps.org/schemas/sitemap/0.9') =>
  `<urlset xmlns="${ns}">${locs.map((l) => `<url><loc>${l}</loc><lastmod>2026-01-01</lastmod></url>`).join('')}</urlset>`;
const card = {
  name: 'A',
  description: 'd',
  version: '1',
  capabilities: {},
  defaultInputModes: ['text/plain'],
  defaultOutputModes: ['text/plain'],
  skills: [],
  supportedInterfaces: [{ url: `${ORIGIN}/a2a`, protocolBinding: 'JSONRPC' }],
};
const as = { issuer: ORIGIN, response_types_supported: ['code'], authorization_endpoint: `${ORIGIN}/a`, token_endpoint: `${ORIGIN}/t` };

const HOME =
  '<html lang="en"><head><title>Site</title><meta name="description" content="A site."></head><body><form toolname="find" tooldescription="Finds."></form><form toolname="order now"></form><footer><a href="/privacy">Privacy policy</a> <a href="/terms">Terms</a> <a href="/contact">Contact</a></footer></body></html>';

const BODIES: Partial<Record<ProbeId, readonly string[]>> = {
  https_root: [
    HOME,
    '<html><body><a href="https://other.example/privacy">Privacy</a></body></html>',
    '<html><head><script type="application/ld+json">{"@type":"Organization","name":"S"}</script></head><body></body></html>',
  ],
  robots_txt: [
    '',
    'User-agent: *\nAllow: /\n',
    'User-agent: *\nDisallow: /\nSitemap: https://site.example.com/s.xml\nSitemap: https://site.example.com/t.xml\n',
    'User-agent: GPTBot\nDisallow: /\n\nUser-agent: *\nAllow: /\n',
    'User-agent: GPTBot\nUser-agent: ClaudeBot\nDisallow: /\n\nUser-agent: *\nAllow: /\nnonsense\n',
    'User-agent: *\nAllow: /\nnonsense\nmore nonsense\n',
  ],
  sitemap: [
    urlset([`${ORIGIN}/`]),
    urlset([`${ORIGIN}/`, `${ORIGIN}/a`]),
    urlset([`${ORIGIN}/`], 'https://www.sitemaps.org/schemas/sitemap/0.9'),
    urlset([]),
    '<rss></rss>',
    'just words\nmore',
    urlset([`${ORIGIN}/`, '/relative', 'https://other.example/x']),
    urlset([`${ORIGIN}/`, `https://www.${HOST}/a`, `https://www.${HOST}/b`, 'https://other.example/x']),
    urlset(['/a', '/b', 'https://a.example/', 'https://b.example/', 'https://c.example/', 'https://d.example/', `${ORIGIN}/`]),
    `<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><sitemap><loc>${ORIGIN}/s.xml</loc></sitemap></sitemapindex>`,
    `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>${ORIGIN}/</loc><lastmod>soon</lastmod></url>`,
  ],
  security_txt: [
    'Contact: mailto:s@site.example.com\nExpires: 2027-01-01T00:00:00Z\n',
    'Contact: mailto:s@site.example.com\nContact: https://site.example.com/s\nExpires: 2099-01-01T00:00:00Z\nbad line\n',
    'Contact: s@site.example.com\nExpires: 2027-01-01T00:00:00Z\nEncryption: http://site.example.com/key\nHiring: jobs\nPolicy: http://site.example.com/p\nPreferred-Languages: en\nPreferred-Languages: !!\n',
    'Expires: 2020-01-01T00:00:00Z\nExpires: soon\n',
    'Policy: https://site.example.com/p\none\ntwo\n',
    'Contact: mailto:s@site.example.com\nExpires: tomorrow\n',
  ],
  llms_txt: ['# Site\n## Docs\n- [A](https://site.example.com/a)\n', '# Site\n', 'Intro\n# Site\n# Again\n', 'no heading', ''],
  agents_md: ['# Agents\n', ''],
  mcp_server_card: [
    json({ name: 's', transport: { type: 'streamable-http', endpoint: '/mcp' }, tools: [{}] }),
    json({ name: 's', transports: [{ url: '/a' }, { url: '/b' }], tools: [{}, {}] }),
    json({ name: 's', endpoint: 'mcp' }),
    json({}),
    '{',
    '[]',
  ],
  agent_card: [
    json(card),
    json({ ...card, skills: [{ id: 'x' }], supportedInterfaces: [{ url: `${ORIGIN}/llms.txt` }] }),
    json({}),
    json({ capabilities: { extensions: [{ uri: 'https://example.org/ap2/v0.1', params: { roles: ['merchant'] } }] } }),
    json({ capabilities: { extensions: [{ uri: 'https://example.org/ap2/v0.1' }] } }),
  ],
  openapi: [json({ openapi: '3.1.0', info: { title: 'T' } }), json({ swagger: '1.0' }), 'a: [', json({ openapi: '3.1.0', info: {} })],
  api_catalog: [
    json({ linkset: [{ anchor: `${ORIGIN}/api`, item: [{ href: `${ORIGIN}/api` }] }] }),
    json({ linkset: [{ anchor: '/api', item: [] }] }),
    json({ linkset: [{ anchor: `${ORIGIN}/api` }] }),
    json({}),
  ],
  oauth_protected_resource: [
    json({ resource: ORIGIN }),
    json({ resource: 'http://x.example' }),
    json({ resource: `${ORIGIN}/other` }),
    json({ resource: ORIGIN, authorization_servers: 'x' }),
    json({}),
  ],
  oauth_authorization_server: [
    json(as),
    json({ ...as, response_types_supported: ['code', 'token'] }),
    json({ issuer: ORIGIN }),
    json({ issuer: 'https://x.example' }),
    json({ ...as, token_endpoint: 'http://x' }),
    json({}),
  ],
  openid_configuration: [json({ issuer: ORIGIN, response_types_supported: ['code'] })],
  signatures_directory: [json({ keys: [{ kty: 'OKP' }] }), json({ keys: [{}] }), json({})],
  agent_skills: [
    json({ skills: [{ name: 'a', url: 'a', sha256: 'ab'.repeat(32) }] }),
    json({ skills: [{ name: 'a', url: 'a' }] }),
    json({ skills: [{}] }),
    json({}),
  ],
  ucp_profile: [json({ ucp: { version: '2026-01-11', capabilities: ['a'] } }), json({ ucp: {} }), json({ ucp: { version: 'v' } }), json({})],
  privacy_page: [
    `<html><body><h1>Privacy policy</h1><p>${'We process personal data as the controller. '.repeat(30)}</p></body></html>`,
    '<html><body>Soon.</body></html>',
  ],
  terms_page: [`<html><body><h1>Terms</h1><p>${'These terms govern your use and liability. '.repeat(30)}</p></body></html>`],
  contact_page: ['<html><body><h1>Contact</h1><p>Write to hello@site.example.com</p></body></html>', '<html><body>Hi.</body></html>'],
  acp_discovery: [
    json({
      protocol: { name: 'acp', version: '2026-01-30', supported_versions: ['2026-01-30'] },
      api_base_url: `${ORIGIN}/acp`,
      transports: ['rest'],
      capabilities: { services: ['checkout'] },
    }),
    json({ protocol: { name: 'acp', version: 'x' } }),
    json({}),
  ],
};

function response(probe: ProbeId, bodyText: string, overrides: Partial<ProbeResponse> = {}): ProbeResponse {
  const pages: Partial<Record<ProbeId, string>> = {
    sitemap: `${ORIGIN}/sitemap.xml`,
    privacy_page: `${ORIGIN}/privacy`,
    terms_page: `${ORIGIN}/terms`,
    contact_page: `${ORIGIN}/contact`,
  };
  const url = probe === 'http_root' ? `http://${HOST}/` : (pages[probe] ?? PROBES.find((p) => p.id === probe)!.url(domainName(HOST)));
  return {
    ok: true,
    probe,
    requestedUrl: url,
    finalUrl: url,
    redirects: [],
    status: 200,
    headers: {},
    setCookies: [],
    remoteAddress: '203.0.113.1',
    bodyText,
    bodyBytes: bodyText.length,
    bodySha256: '0'.repeat(64),
    truncated: false,
    durationMs: 5,
    certificate: url.startsWith('https')
      ? { subject: 'CN=x', issuer: 'CN=ca', subjectAltNames: [HOST], validFrom: '2026-01-01T00:00:00Z', validTo: '2027-01-01T00:00:00.000Z' }
      : null,
    ...overrides,
  };
}

function failed(probe: ProbeId, code: string): ProbeResult {
  return { ok: false, probe, requestedUrl: `${ORIGIN}/`, failedUrl: `${ORIGIN}/`, redirects: [], code, message: 'x', durationMs: 1 };
}

/** Every shape one probe takes: each body, 404, 500, an HTML soft 404, each failure, absent. */
function shapes(probe: ProbeId): (ProbeResult | null)[] {
  return [
    ...(BODIES[probe] ?? ['']).map((body) => response(probe, body)),
    response(probe, 'Not found', { status: 404 }),
    response(probe, 'Oops', { status: 500 }),
    response(probe, '<!DOCTYPE html><html><body>Not found</body></html>'),
    ...FAILURES.map((code) => failed(probe, code)),
    null,
  ];
}

function details(): string[] {
  const ids = [...PROBES.map((p) => p.id), ...(['sitemap', 'privacy_page', 'terms_page', 'contact_page'] as ProbeId[])];
  const base = ids.map((id) => response(id, BODIES[id]?.[0] ?? ''));
  const out: string[] = [];
  for (const id of ids) {
    for (const shape of shapes(id)) {
      const probes: ProbeResult[] = [...base.filter((p) => p.probe !== id), ...(shape === null ? [] : [shape])];
      const report = judgeSite('rpt_x', domainName(HOST), probes, NOW);
      out.push(...[...report.checks, ...report.declarations].map((c) => `${c.id}: ${c.detail}`));
    }
  }
  return [...new Set(out)];
}

// Nouns the details count; after any number but 1 they take their plural.
const COUNTED = [
  'group',
  'contact',
  'URL',
  'endpoint',
  'tool',
  'line',
  'sitemap',
  'location',
  'link',
  'section',
  'skill',
  'form',
  'key',
  'response type',
  'lastmod date',
  'Sitemap line',
  'crawler',
];

describe('the words of every detail', () => {
  const all = details();

  it('reaches every check and declaration, each with several details', () => {
    const seen = new Set(all.map((d) => d.slice(0, d.indexOf(':'))));
    for (const { id } of [...CORE_CHECKS, ...DECLARATIONS]) expect(seen.has(id), id).to.equal(true);
    expect(all.length).to.be.above(150);
    for (const reached of [
      "3 URLs are on another host than the sitemap's own (www.site.example.com and 1 other host, listed in the sitemap's evidence)",
      'could not be fetched (no answer in time)',
      'Certificate verification failed',
      "4 URLs are on another host than the sitemap's own (other hosts, listed in the sitemap's evidence)",
      'A Contact value is not a URI',
    ]) {
      expect(
        all.some((d) => d.includes(reached)),
        reached,
      ).to.equal(true);
    }
  });

  it('shows no bare code: a code appears only in parentheses after a sentence', () => {
    // Node's certificate code may follow the reason in words, for the owner's TLS tools.
    const words = (detail: string) => detail.slice(detail.indexOf(':') + 2).replace(/^(Certificate verification failed: [a-z][^(]+) \([A-Z0-9_]+\)\.$/, '$1.');
    const bare = all.filter((detail) => /\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\b/.test(words(detail)));
    expect(bare).to.deep.equal([]);
  });

  it('counts with the right number: "1 URL", "2 URLs", "0 groups"', () => {
    const wrong = all.filter((detail) =>
      COUNTED.some(
        (noun) => new RegExp(`(?<![\\d.,])1 ${noun}s\\b`).test(detail) || new RegExp(`(?<![\\d.,])(?:0|[2-9]|\\d{2,}) ${noun}\\b(?!s)`).test(detail),
      ),
    );
    expect(wrong).to.deep.equal([]);
  });

  it('names the AI crawlers a robots.txt blocks', () => {
    expect(all).to.include('ai_agent_access: 15 of 16 listed AI crawlers may fetch /; robots.txt blocks GPTBot.');
    expect(all).to.include('ai_agent_access: 14 of 16 listed AI crawlers may fetch /; robots.txt blocks GPTBot and ClaudeBot.');
  });
});
