import { expect } from 'chai';
import { RequestScan, type ScanOutcome } from '../../src/application/scan/request-scan.js';
import { CORE_CHECKS } from '../../src/domain/scan/methodology.js';
import { startDnsServer, type TestDnsServer } from '../support/dns-server.js';
import { createTestCa } from '../support/test-ca.js';
import { databaseKinds } from '../support/test-databases.js';
import { startTestService, type TestService } from '../support/test-service.js';
import { startTlsFront, type TlsFront } from '../support/tls-front.js';

const HOST = 'vetted.example.net';
const BASE = `https://${HOST}`;

describe('Vetted passes its own scan', function () {
  this.timeout(90_000);
  let front: TlsFront;
  let dns: TestDnsServer;
  let t: TestService;
  let outcome: ScanOutcome;

  before(async () => {
    const ca = await createTestCa();
    front = await startTlsFront({ host: HOST, tls: await ca.issue([HOST]) });
    dns = await startDnsServer({ [HOST]: { A: ['127.0.0.1'] } });
    // One instance is both the site (behind the TLS front, as an operator would run it) and the scanner.
    t = await startTestService(
      databaseKinds()[0]!,
      { BASE_URL: BASE, DNS_SERVERS: dns.address, SCAN_ALLOWED_NETWORKS: '127.0.0.1/32' },
      { fetcher: { ca: [ca.cert], portMap: front.portMap } },
    );
    front.forwardTo(t.service.port);
    outcome = await t.service.container.get(RequestScan).run({ domain: HOST, clientId: 'self-scan', allowReuse: false });
  });
  after(async () => {
    await t?.stop();
    await front?.close();
    await dns?.close();
  });

  const detail = (list: readonly { id: string; status: string; detail: string }[]) => list.map((c) => `${c.id}: ${c.status} (${c.detail})`).join('\n');

  it('scores 100/100 over HTTPS with every core check passing, and is ready', () => {
    const report = outcome.stored.report;
    expect(outcome.reused).to.equal(false);
    expect(report.domain).to.equal(HOST);
    const statuses = Object.fromEntries(report.checks.map((c) => [c.id, c.status]));
    expect(statuses, detail(report.checks)).to.deep.equal(Object.fromEntries(CORE_CHECKS.map((c) => [c.id, 'pass'])));
    expect(report.score).to.equal(100);
    expect(report).to.include({ reachable: true, httpsValid: true });
    expect(outcome.readiness.value, outcome.readiness.reasons.join('; ')).to.equal('ready');
  });

  it('publishes the agent-facing declarations the scanner looks for', () => {
    const declarations = outcome.stored.report.declarations;
    const status = Object.fromEntries(declarations.map((d) => [d.id, d.status]));
    for (const id of ['agents_md', 'llms_txt', 'mcp_server_card', 'a2a_agent_card', 'markdown_negotiation']) {
      expect(status[id], `${id}\n${detail(declarations)}`).to.equal('pass');
    }
    // Vetted never asks for payment.
    expect(status['x402']).to.equal('info');
    // /openapi.json: the service's own OpenAPI 3.1 document.
    const openapi = declarations.find((d) => d.id === 'openapi')!;
    expect(`${openapi.status}: ${openapi.detail}`).to.match(/^pass: /);
  });

  it('answers the home page with its Link header, Vary, the security headers and HSTS, and Markdown on request', async () => {
    const html = await t.get('/');
    expect(html.status).to.equal(200);
    expect(html.headers.get('content-type')).to.equal('text/html; charset=utf-8');
    expect(html.headers.get('content-security-policy')).to.match(/frame-ancestors 'none'/);
    expect(html.headers.get('x-content-type-options')).to.equal('nosniff');
    expect(html.headers.get('referrer-policy')).to.equal('same-origin');
    expect(html.headers.get('strict-transport-security')).to.equal('max-age=31536000');
    expect(html.headers.get('vary')).to.equal('Accept');
    expect(html.headers.get('link')).to.contain(`<${BASE}/.well-known/api-catalog>; rel="api-catalog"`);
    const body = await html.text();
    expect(body).to.contain('<script type="application/ld+json">');
    expect(body).to.contain('action="/api/scan"');

    const md = await t.get('/', { headers: { accept: 'text/markdown' } });
    expect(md.headers.get('content-type')).to.equal('text/markdown; charset=utf-8');
    expect(md.headers.get('vary')).to.equal('Accept');
    expect(await md.text()).to.match(/^# Vetted\n/);
  });

  it('serves each published file with its media type, and HSTS on every answer, errors included', async () => {
    const types: Record<string, string> = {
      '/robots.txt': 'text/plain; charset=utf-8',
      '/sitemap.xml': 'application/xml; charset=utf-8',
      '/llms.txt': 'text/markdown; charset=utf-8',
      '/.well-known/security.txt': 'text/plain; charset=utf-8',
      '/.well-known/mcp/server-card.json': 'application/json; charset=utf-8',
      '/.well-known/mcp.json': 'application/json; charset=utf-8',
      '/.well-known/agent-card.json': 'application/json; charset=utf-8',
      '/.well-known/api-catalog': 'application/linkset+json; profile="https://www.rfc-editor.org/info/rfc9727"',
      '/privacy': 'text/html; charset=utf-8',
      '/terms': 'text/html; charset=utf-8',
      '/contact': 'text/html; charset=utf-8',
    };
    for (const [path, type] of Object.entries(types)) {
      const res = await t.get(path);
      expect(res.status, path).to.equal(200);
      expect(res.headers.get('content-type'), path).to.equal(type);
      expect(res.headers.get('strict-transport-security'), path).to.equal('max-age=31536000');
      if (type.startsWith('text/html')) expect(res.headers.get('content-security-policy'), path).to.match(/frame-ancestors 'none'/);
    }
    const privacy = await t.get('/privacy', { headers: { accept: 'text/markdown' } });
    expect(privacy.headers.get('content-type')).to.equal('text/markdown; charset=utf-8');
    expect(await privacy.text()).to.match(/^# Privacy policy\n/);
    const security = await (await t.get('/.well-known/security.txt')).text();
    expect(security).to.contain(`Contact: mailto:security@${HOST}\n`);
    const missing = await t.get('/no-such-page');
    expect(missing.status).to.equal(404);
    expect(missing.headers.get('strict-transport-security')).to.equal('max-age=31536000');
  });

  it('announces in its cards exactly the tools MCP tools/list gives', async () => {
    const res = await t.get('/mcp', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-06-18' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    const tools = ((await res.json()) as { result: { tools: { name: string; title: string }[] } }).result.tools;
    const named = (list: readonly { name: string; title: string }[]) => list.map(({ name, title }) => ({ name, title }));
    const card = (await (await t.get('/.well-known/mcp/server-card.json')).json()) as { tools: { name: string; title: string }[] };
    expect(named(card.tools), 'the same tools in the same order').to.deep.equal(named(tools));
    const agent = (await (await t.get('/.well-known/agent-card.json')).json()) as { skills: { id: string; name: string }[] };
    expect(agent.skills.map(({ id, name }) => ({ name: id, title: name }))).to.deep.equal(named(tools));
    expect(tools[0]?.name, 'the check an agent needs first, first').to.equal('check_trust');
  });
});

describe('a Vetted served over plain HTTP', () => {
  let t: TestService;
  before(async () => {
    t = await startTestService(databaseKinds()[0]!, { BASE_URL: 'http://vetted.example.net' });
  });
  after(() => t?.stop());

  it('sends no Strict-Transport-Security', async () => {
    const res = await t.get('/');
    expect(res.status).to.equal(200);
    expect(res.headers.get('strict-transport-security')).to.equal(null);
    expect(res.headers.get('x-content-type-options')).to.equal('nosniff');
  });
});
