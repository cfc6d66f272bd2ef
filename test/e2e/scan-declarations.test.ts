import type { IncomingMessage, ServerResponse } from 'node:http';
import { expect } from 'chai';
import { DECLARATION_REASONS as REASON } from '../../src/domain/scan/declaration-reasons.js';
import { DECLARATIONS } from '../../src/domain/scan/methodology.js';
import { goodHomepageHandler, goodSiteFiles } from '../support/good-site.js';
import { scanSites, type ScannedSites } from '../support/scanned-sites.js';

const json = (value: unknown) => ({ headers: { 'content-type': 'application/json' }, body: JSON.stringify(value) });
const html = (body: string) => ({ headers: { 'content-type': 'text/html' }, body });

// Every declaration the way a site gets it wrong: present, but not usable, each for a reason.
const WRONG_HOME =
  '<html><body><form toolname="order now"></form><a href="/privacy">Privacy</a> <a href="/terms">Terms</a> <a href="/contact">Contact</a></body></html>';
const WRONG = {
  // Markdown to Accept: text/markdown, but no Vary: Accept, so a shared cache could hand it to a browser.
  '/': {
    handler: (req: IncomingMessage, res: ServerResponse) =>
      req.headers.accept === 'text/markdown'
        ? res.writeHead(200, { 'content-type': 'text/markdown' }).end('# Wrong\n')
        : res.writeHead(200, { 'content-type': 'text/html', link: 'garbage; rel=api-catalog' }).end(WRONG_HOME),
  },
  '/privacy': html('<html><head><title>Privacy</title></head><body>Coming soon.</body></html>'),
  '/contact': html('<html><body><h1>Contact</h1><p>We love to hear from you.</p></body></html>'),
  '/agents.md': html('<!DOCTYPE html><html><body>Not markdown</body></html>'),
  '/llms.txt': { headers: { 'content-type': 'text/plain' }, body: 'No heading here.\n' },
  '/.well-known/mcp.json': json({ serverInfo: { name: 'x' } }),
  '/.well-known/agent-card.json': json({ capabilities: { extensions: [{ uri: 'https://github.com/google-agentic-commerce/ap2/tree/v0.1' }] } }),
  '/openapi.json': json({ info: { title: 'not an API description' } }),
  '/sitemap.xml': { status: 402, body: 'Pay first.' },
  '/.well-known/api-catalog': json({ linkset: [] }),
  '/.well-known/oauth-protected-resource': json({ resource: 'http://wrong.example.com/' }),
  '/.well-known/oauth-authorization-server': json({ issuer: 'https://wrong.example.com' }),
  '/.well-known/http-message-signatures-directory': json({ keys: [{ crv: 'Ed25519' }] }),
  '/.well-known/agent-skills/index.json': json({ skills: [{ name: 'x', url: 'x/SKILL.md' }] }),
  '/.well-known/ucp': json({ ucp: { capabilities: [] } }),
  '/.well-known/acp.json': json({
    protocol: { name: 'acp', version: '2026-01-30', supported_versions: ['2026-01-30'] },
    api_base_url: 'http://wrong.example.com/api',
    transports: ['rest'],
    capabilities: { services: ['checkout'] },
  }),
};

// Declarations found only at their second path, well-formed on one site and wrong on the other;
// OAuth metadata that names another resource or issuer than the site; a privacy link that
// redirects to another host.
const SECOND = {
  '/': html('<html><body><a href="/privacy">Privacy</a> <a href="/terms">Terms</a> <a href="mailto:hello@second.example.com">Contact</a></body></html>'),
  '/privacy': { status: 302, headers: { location: 'https://good.example.com/privacy' }, body: '' },
  '/.well-known/openid-configuration': json({
    issuer: 'https://second.example.com',
    response_types_supported: ['code', 'id_token'],
    authorization_endpoint: 'https://second.example.com/authorize',
    token_endpoint: 'https://second.example.com/token',
    jwks_uri: 'https://second.example.com/jwks',
    subject_types_supported: ['public'],
    id_token_signing_alg_values_supported: ['RS256'],
  }),
  '/.well-known/mcp/server-card.json': json({ serverInfo: { name: 'second', version: '1.0.0' }, transport: { type: 'streamable-http', endpoint: '/mcp' } }),
  '/.well-known/oauth-protected-resource': json({ resource: 'https://second.example.com/api' }),
};
const SECOND_WRONG = {
  '/': html('<html><body>Second, wrong.</body></html>'),
  // Copied from the other site: the issuer names that site, not this one.
  '/.well-known/openid-configuration': json({ issuer: 'https://second.example.com', response_types_supported: ['code'] }),
  '/.well-known/mcp/server-card.json': json({ serverInfo: { name: 'x' }, tools: [] }),
  '/.well-known/oauth-authorization-server': { status: 404, body: 'Not here.' },
};

const PAYMENT_REQUIRED = Buffer.from(
  JSON.stringify({
    x402Version: 2,
    error: 'payment required',
    resource: { url: 'https://paid.example.com/' },
    accepts: [{ scheme: 'exact', network: 'eip155:84532', amount: '10', asset: '0xabc', payTo: '0xdef', maxTimeoutSeconds: 60 }],
  }),
).toString('base64');

// [well-formed site, wrong site, bare site], and the reason a site owner reads for the wrong one.
const EXPECTED: Record<string, [string, string, string, string]> = {
  agents_md: ['pass', 'warn', 'info', REASON.agents_md.HTML],
  llms_txt: ['pass', 'warn', 'info', REASON.llms_txt.NO_H1],
  mcp_server_card: ['pass', 'warn', 'info', `at /.well-known/mcp.json. ${REASON.mcp_server_card.NO_ENDPOINT}`],
  a2a_agent_card: ['pass', 'warn', 'info', REASON.a2a_agent_card.NO_NAME],
  x402: ['info', 'warn', 'info', `HTTP 402 without usable payment requirements. ${REASON.x402.INVALID_BODY}`],
  openapi: ['pass', 'warn', 'info', REASON.openapi.NOT_OPENAPI],
  markdown_negotiation: ['pass', 'warn', 'info', 'without `Vary: Accept`'],
  link_headers: ['pass', 'warn', 'info', REASON.link_headers.UNPARSABLE],
  webmcp: ['pass', 'warn', 'info', '1 of 1 form declared as tools lacks a tooldescription'],
  api_catalog: ['pass', 'warn', 'info', REASON.api_catalog.NO_LINKSET],
  oauth_protected_resource: ['pass', 'warn', 'info', REASON.oauth_protected_resource.RESOURCE_NOT_HTTPS],
  oauth_authorization_server: ['pass', 'warn', 'info', `at /.well-known/oauth-authorization-server. ${REASON.oauth_authorization_server.NO_RESPONSE_TYPES}`],
  web_bot_auth: ['pass', 'warn', 'info', REASON.web_bot_auth.BAD_KEY],
  agent_skills: ['pass', 'warn', 'info', REASON.agent_skills.NO_DIGEST],
  ucp: ['pass', 'warn', 'info', REASON.ucp.NO_VERSION],
  acp: ['pass', 'warn', 'info', REASON.acp.BASE_URL_NOT_HTTPS],
  ap2: ['pass', 'warn', 'info', REASON.ap2.NO_ROLES],
};

const HOSTS = ['good', 'wrong', 'bare', 'paid', 'second', 'second-wrong'].map((name) => `${name}.example.com`);

describe('declarations and legal pages, scanned from real local sites', function () {
  this.timeout(60_000);
  let sites: ScannedSites;
  const reports = { get: (host: string) => sites.reports.get(host) };

  before(async () => {
    sites = await scanSites(HOSTS, (site) => {
      site.route('good.example.com/', { handler: goodHomepageHandler('good.example.com') });
      for (const [path, file] of Object.entries(goodSiteFiles('good.example.com').https)) if (path !== '/') site.route(`good.example.com${path}`, file);
      for (const [path, spec] of Object.entries(WRONG)) site.route(`wrong.example.com${path}`, spec);
      site.route('bare.example.com/', html('<html lang="en"><head><title>Bare</title></head><body>Nothing else here.</body></html>'));
      for (const [path, spec] of Object.entries(SECOND)) site.route(`second.example.com${path}`, spec);
      for (const [path, spec] of Object.entries(SECOND_WRONG)) site.route(`second-wrong.example.com${path}`, spec);
      site.route('paid.example.com/', { status: 402, headers: { 'payment-required': PAYMENT_REQUIRED }, body: '' });
    });
  });
  after(async () => sites?.stop());

  const declarationsOf = (host: string) => Object.fromEntries(reports.get(host).declarations.map((d: { id: string }) => [d.id, d]));

  it('has a present, a wrong and an absent fixture for every declaration of the methodology', () => {
    expect(Object.keys(EXPECTED).sort()).to.deep.equal(DECLARATIONS.map((d) => d.id).sort());
  });

  it('records each declaration as found, wrong with the reason, or absent', () => {
    const [good, wrong, bare] = ['good.example.com', 'wrong.example.com', 'bare.example.com'].map(declarationsOf);
    for (const [id, [onGood, onWrong, onBare, reason]] of Object.entries(EXPECTED)) {
      expect(good![id]?.status, `${id} on the good site`).to.equal(onGood);
      expect(wrong![id]?.status, `${id} on the wrong site`).to.equal(onWrong);
      expect(wrong![id]?.detail, `${id} reason`).to.include(reason);
      expect(bare![id]?.status, `${id} on the bare site`).to.equal(onBare);
    }
    expect(good!.link_headers.detail).to.include('api-catalog, service-desc, alternate text/markdown');
    expect(reports.get('good.example.com').score).to.equal(100);
  });

  it('reads OpenID discovery and the MCP server card at their second path alone, right and wrong, and OAuth metadata for another resource', () => {
    const [second, wrong] = ['second.example.com', 'second-wrong.example.com'].map(declarationsOf);
    expect(second!.oauth_authorization_server).to.include({ status: 'pass', detail: 'Declared with 2 response types.' });
    expect(second!.mcp_server_card).to.include({ status: 'pass', detail: 'Declared with 1 endpoint.' });
    expect(second!.oauth_protected_resource).to.include({
      status: 'warn',
      detail: `Present but not usable. ${REASON.oauth_protected_resource.RESOURCE_MISMATCH.replace('{domain}', 'second.example.com')}`,
    });
    expect(wrong!.oauth_authorization_server).to.include({
      status: 'warn',
      detail: `Present but not usable at /.well-known/openid-configuration. ${REASON.oauth_authorization_server.ISSUER_MISMATCH.replace('{domain}', 'second-wrong.example.com')}`,
    });
    expect(wrong!.mcp_server_card).to.include({
      status: 'warn',
      detail: `Present but not usable at /.well-known/mcp/server-card.json. ${REASON.mcp_server_card.NO_ENDPOINT}`,
    });
    const evidence = reports
      .get('second-wrong.example.com')
      .evidence.filter((e: { probe: string }) => e.probe === 'openid_configuration' || e.probe === 'mcp_server_card');
    expect(evidence.map((e: { requested_url: string }) => e.requested_url).sort()).to.deep.equal([
      'https://second-wrong.example.com/.well-known/mcp/server-card.json',
      'https://second-wrong.example.com/.well-known/openid-configuration',
    ]);
  });

  it('records x402 when a probe answers 402 with payment requirements, and never pays', () => {
    expect(declarationsOf('paid.example.com').x402).to.include({ status: 'pass', detail: 'HTTP 402 with x402 v2 requirements (1 accepted).' });
    const paid = sites.site.requests.filter((r) => r.host.startsWith('paid.example.com'));
    expect(paid).to.not.be.empty;
    expect(paid.every((r) => r.method === 'GET' && r.headers['payment-signature'] === undefined && r.headers['x-payment'] === undefined)).to.equal(true);
  });

  it('fetches the privacy, terms and contact pages the homepage links and judges what they say, each page as evidence', () => {
    const legalOf = (host: string) => {
      const report = reports.get(host);
      const check = report.checks.find((c: { id: string }) => c.id === 'contact_legal');
      const pages = check.evidence.map((n: number) => report.evidence[n - 1]).filter((e: { probe: string }) => e.probe.endsWith('_page'));
      return {
        check,
        numbers: pages.map((e: { n: number }) => e.n),
        pages: pages.map((e: { probe: string; requested_url: string; status: number }) => [e.probe, e.requested_url, e.status]),
      };
    };
    const good = legalOf('good.example.com');
    expect(good.check).to.include({ status: 'pass', points: 6 });
    expect(good.pages).to.deep.equal([
      ['privacy_page', 'https://good.example.com/privacy', 200],
      ['terms_page', 'https://good.example.com/terms', 200],
      ['contact_page', 'https://good.example.com/contact', 200],
    ]);
    const wrong = legalOf('wrong.example.com');
    expect(wrong.check).to.include({ status: 'fail', points: 0 });
    expect(wrong.check.detail).to.equal(
      `Privacy policy: the linked page (evidence ${wrong.numbers[0]}) has 2 words, too few for a privacy notice. Terms: the linked page (evidence ${wrong.numbers[1]}) answered HTTP 404. Contact or legal notice: the linked page (evidence ${wrong.numbers[2]}) gives no e-mail address, telephone number or contact form.`,
    );
    expect(wrong.pages.map((p: unknown[]) => p[2])).to.deep.equal([200, 404, 200]);
    const second = legalOf('second.example.com');
    expect(second.check).to.include({ status: 'warn', points: 3 });
    expect(second.check.detail).to.contain(
      `Privacy policy: the linked page (evidence ${second.numbers[0]}) redirected to another host, which a scan does not judge.`,
    );
    expect(second.pages[0]).to.deep.equal(['privacy_page', 'https://second.example.com/privacy', 200]);
    const bare = legalOf('bare.example.com');
    expect(bare.check).to.include({
      status: 'fail',
      detail: 'Privacy policy: no homepage link. Terms: no homepage link. Contact or legal notice: no homepage link.',
    });
    expect(bare.pages).to.deep.equal([]);
  });
});
