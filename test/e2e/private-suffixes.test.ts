import { expect } from 'chai';
import { KnexEntityRepository } from '../../src/adapters/persistence/knex-entity-repository.js';
import { ManageBlocklist } from '../../src/application/registry/manage-blocklist.js';
import { aNewEntity } from '../support/builders.js';
import { startDnsServer, type TestDnsServer } from '../support/dns-server.js';
import { startFixtureSite, type FixtureSite } from '../support/fixture-site.js';
import { createTestCa } from '../support/test-ca.js';
import { databaseKinds } from '../support/test-databases.js';
import { startTestService, type TestService } from '../support/test-service.js';

// github.io and myshopify.com are suffixes of the Public Suffix List's private section: each is its
// owner's own site, while the names under it belong to other people.
describe('names that are private-section public suffixes, over HTTP and MCP', function () {
  this.timeout(60_000);
  let site: FixtureSite;
  let dns: TestDnsServer;
  let t: TestService;
  let githubId: string;

  before(async () => {
    const ca = await createTestCa();
    site = await startFixtureSite({ tls: await ca.issue(['github.io', 'alice.github.io']) });
    const page = (title: string) => ({
      headers: { 'content-type': 'text/html' },
      body: `<html lang="en"><head><title>${title}</title></head><body><a href="https://alice.github.io/">alice</a></body></html>`,
    });
    site.route('github.io/', page('GitHub Pages'));
    site.route('alice.github.io/', page('Alice'));
    dns = await startDnsServer({ 'github.io': { A: ['127.0.0.1'] }, 'alice.github.io': { A: ['127.0.0.1'] } });
    t = await startTestService(
      databaseKinds()[0]!,
      { DNS_SERVERS: dns.address, SCAN_ALLOWED_NETWORKS: '127.0.0.1/32', BASE_URL: 'https://vetted.example.org' },
      { fetcher: { ca: [ca.cert], portMap: site.portMap, resourceTimeoutMs: 3000 } },
    );
    githubId = (
      await new KnexEntityRepository(t.database.db).create(aNewEntity({ name: 'GitHub', domain: 'github.io', expiresAt: '2099-01-01T00:00:00.000Z' }))
    ).id;
    await t.propagated();
  });
  after(async () => {
    await t?.stop();
    await site?.close();
    await dns?.close();
  });

  const json = async (path: string, init?: RequestInit): Promise<{ status: number; body: any }> => {
    const res = await t.get(path, init);
    return { status: res.status, body: await res.json() };
  };
  const post = (path: string, body: object) => json(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

  it('answers GET /verify/github.io as a unit of its own, and its subdomains as units of their own', async () => {
    const owner = await json('/verify/GitHub.io');
    expect(owner.status).to.equal(200);
    expect(owner.body.data).to.include({ domain: 'github.io', verified: true });
    expect(owner.body.data.entity).to.include({ id: githubId, name: 'GitHub' });
    for (const other of ['alice.github.io', 'www.github.io', 'blog.alice.github.io']) {
      const answer = await json(`/verify/${other}`);
      expect(answer.status, other).to.equal(200);
      expect(answer.body.data, other).to.include({ domain: other, verified: false });
      expect(answer.body.data.entity, other).to.equal(null);
    }
    const signals = await json('/verify/myshopify.com?signals=true');
    expect(signals.status).to.equal(200);
    expect(signals.body.data).to.include({ domain: 'myshopify.com', verified: false });
    expect(signals.body.data.signals.brand).to.include({ known_brand: false, lookalike_of: null });
  });

  it('still refuses an ICANN-section suffix with VALIDATION_ERROR 400', async () => {
    for (const path of ['/verify/com', '/verify/co.uk?signals=true', '/badge/gov.uk.svg']) {
      const { status, body } = await json(path);
      expect(status, path).to.equal(400);
      expect(body.error.code, path).to.equal('VALIDATION_ERROR');
      expect(body.error.message, path).to.contain('a public suffix cannot be checked or registered');
    }
    expect((await post('/api/scan', { domain: 'com' })).status).to.equal(400);
    expect((await post('/register', { domain: 'co.uk', entity_name: 'X', contact_email: 'a@example.com' })).status).to.equal(400);
  });

  it('blocks a private suffix without blocking the sites under it', async () => {
    expect(await t.service.container.get(ManageBlocklist).add([{ domain: 'myshopify.com', reason: 'test block' }])).to.deep.equal({
      added: 1,
      alreadyBlocked: 0,
    });
    const blocked = await json('/verify/myshopify.com');
    expect(blocked.body.data).to.include({ domain: 'myshopify.com', blocked: true });
    const shop = await json('/verify/shop.myshopify.com');
    expect(shop.body.data).to.include({ domain: 'shop.myshopify.com', verified: false });
    expect(shop.body.data.blocked).to.equal(undefined);
  });

  it('scans https://github.io/ into reports of github.io alone, with a badge', async () => {
    const scan = await post('/api/scan', { domain: 'github.io' });
    expect(scan.status, JSON.stringify(scan.body)).to.equal(201);
    expect(scan.body.data.domain).to.equal('github.io');
    expect(site.requests.find((r) => r.scheme === 'https' && r.url === '/')?.host).to.match(/^github\.io(:\d+)?$/);
    expect(site.requests.some((r) => r.host.startsWith('alice.'))).to.equal(false);
    expect((await json('/verify/github.io')).body.data.readiness.report_id).to.equal(scan.body.data.report_id);
    expect((await json('/verify/alice.github.io')).body.data.readiness.report_id).to.equal(null);
    const badge = await t.get('/badge/github.io.svg');
    expect(badge.status).to.equal(200);
    expect(await badge.text()).to.match(new RegExp(`aria-label="Vetted: github\\.io is [a-z ]+, score ${scan.body.data.score} of 100`));
    expect(await (await t.get('/badge/alice.github.io.svg')).text()).to.contain('not yet observed');
  });

  it('accepts github.io in MCP tools and in POST /register', async () => {
    const res = await t.get('/mcp', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-06-18' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'check_trust', arguments: { domain: 'github.io' } } }),
    });
    const call = (await res.json()) as any;
    expect(call.result.isError).to.equal(undefined);
    expect(call.result.structuredContent).to.include({ domain: 'github.io', verified: true });
    const registration = await post('/register', { domain: 'myshopify.com', entity_name: 'Shopify', contact_email: 'owner@example.com' });
    expect(registration.status).to.equal(400, 'blocked above');
    const alice = await post('/register', { domain: 'alice.github.io', entity_name: 'Alice', contact_email: 'alice@example.com' });
    expect(alice.status, JSON.stringify(alice.body)).to.equal(201);
    expect(alice.body.data).to.include({ domain: 'alice.github.io', status: 'pending' });
    const herokuapp = await post('/register', { domain: 'herokuapp.com', entity_name: 'Heroku', contact_email: 'owner@example.com' });
    expect(herokuapp.status, JSON.stringify(herokuapp.body)).to.equal(201);
    expect(herokuapp.body.data.verification_instructions.name).to.equal('_vetted-challenge.herokuapp.com');
  });
});
