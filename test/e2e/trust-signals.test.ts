import { expect } from 'chai';
import { KnexBlocklist } from '../../src/adapters/persistence/knex-blocklist.js';
import { KnexEntityRepository } from '../../src/adapters/persistence/knex-entity-repository.js';
import { aBlock, aNewEntity } from '../support/builders.js';
import { startDnsServer, type TestDnsServer } from '../support/dns-server.js';
import { startFixtureSite, type FixtureSite } from '../support/fixture-site.js';
import { createTestCa } from '../support/test-ca.js';
import { databaseKinds } from '../support/test-databases.js';
import { startTestService, type TestService } from '../support/test-service.js';

const rdap = (domain: string, registered: string) => ({
  headers: { 'content-type': 'application/rdap+json' },
  body: JSON.stringify({ objectClassName: 'domain', ldhName: domain.toUpperCase(), events: [{ eventAction: 'registration', eventDate: registered }] }),
});

// Registered 25 and a half years before today, so the domain is 25 full years old on any date.
const REGISTERED = new Date(Date.now() - (25 * 365.25 + 180) * 86_400_000).toISOString();

describe('trust signals over HTTP and MCP, against local TLS, RDAP and DNS servers', function () {
  this.timeout(30_000);
  let site: FixtureSite;
  let dns: TestDnsServer;
  let t: TestService;

  before(async () => {
    const ca = await createTestCa();
    site = await startFixtureSite({ tls: await ca.issue(['trusted.example.com', 'slow.example.net', 'listed.example.com', 'rdap.example.net']) });
    site.route('rdap.example.net/domain/example.com', rdap('example.com', REGISTERED));
    site.route('rdap.example.net/domain/example.net', { ...rdap('example.net', REGISTERED), delayMs: 10_000 });
    const host = { A: ['127.0.0.1'] };
    dns = await startDnsServer({
      'trusted.example.com': { ...host, TXT: [['v=spf1 -all']] },
      '_dmarc.trusted.example.com': { TXT: [['v=DMARC1; p=reject']] },
      'slow.example.net': host,
      'listed.example.com': host,
      'listed.example.com.dbl.example.org': { A: ['127.0.1.2'] },
      'rdap.example.net': host,
    });
    // What is stored and what external=true looks at; first looks on read have their own suite (first-look.test.ts).
    t = await startTestService(
      databaseKinds()[0]!,
      {
        DNS_SERVERS: dns.address,
        SCAN_ALLOWED_NETWORKS: '127.0.0.1/32',
        RDAP_BASE_URL: 'https://rdap.example.net/',
        EXTERNAL_DNSBL_ZONES: 'dbl.example.org',
        EXTERNAL_DEADLINE_MS: '2000',
        OBSERVE_LIMIT_PER_MINUTE: '0',
      },
      { fetcher: { ca: [ca.cert], portMap: site.portMap } },
    );
    const entities = new KnexEntityRepository(t.database.db);
    for (const domain of ['trusted.example.com', 'slow.example.net', 'listed.example.com']) {
      await entities.create(aNewEntity({ name: 'Trusted', domain, level: 'enterprise', expiresAt: '2099-01-01T00:00:00.000Z' }));
    }
    await entities.create(aNewEntity({ name: 'Gone', domain: 'gone.example.com', expiresAt: '2020-01-01T00:00:00.000Z' }));
    await entities.create(aNewEntity({ name: 'Pay', domain: 'paypa1.com', level: 'enterprise', expiresAt: '2099-01-01T00:00:00.000Z' }));
    await new KnexBlocklist(t.database.db).add([aBlock('evil.example.com', 'phishing kit')]);
    await t.propagated();
  });
  after(async () => {
    await t?.stop();
    await site?.close();
    await dns?.close();
  });

  const verify = async (path: string) => (await (await t.get(path)).json()) as any;

  it('answers every case with signals=true without any network call', async () => {
    const queries = dns.queries.length;
    const connections = site.connections.length;
    const verified = await verify('/verify/trusted.example.com?signals=true');
    expect(verified.data).to.include({ verified: true, trust_score: 40, trust_level: 'LOW' });
    expect(verified.data.signals.registry).to.include({ score: 40, max: 40, verified: true, level: 'enterprise' });
    for (const name of ['brand', 'domain_age', 'ssl', 'external']) expect(verified.data.signals[name]).to.have.property('max');
    expect(verified.data.signals.ssl).to.include({ score: 0, observed: false });
    const unknown = await verify('/verify/nobody.example.com?signals=true');
    expect(unknown.data).to.include({ verified: false, trust_score: 0, trust_level: 'NONE' });
    // Nothing looked at yet: human review with nothing to pay, not a block the evidence never made.
    expect(unknown.data.agent_guidance).to.include({ action: 'FLAG', requires_human: true, max_transaction_usd: 0 });
    expect(unknown.data.agent_guidance.reason).to.contain('Not enough was looked at to block');
    const blocked = await verify('/verify/login.evil.example.com?signals=true');
    expect(blocked.data).to.deep.equal({
      domain: 'login.evil.example.com',
      verified: false,
      blocked: true,
      trust_score: 0,
      trust_level: 'NONE',
      agent_guidance: { action: 'BLOCK', safe_actions: [], max_transaction_usd: 0, requires_human: true, reason: 'phishing kit' },
      links: { page: 'http://localhost:8080/domains/login.evil.example.com' },
    });
    const expired = await verify('/verify/gone.example.com?signals=true');
    expect(expired.success).to.equal(false);
    expect(expired.error).to.include({ code: 'EXPIRED', trust_score: 0 });
    expect(expired.error.agent_guidance.reason).to.contain('expired');
    const lookalike = await verify('/verify/paypa1.com?signals=true');
    expect(lookalike.data.signals.brand).to.include({ known_brand: false, lookalike_of: 'paypal.com' });
    expect(['FLAG', 'BLOCK']).to.include(lookalike.data.agent_guidance.action);
    expect(dns.queries.length).to.equal(queries);
    expect(site.connections.length).to.equal(connections);
  });

  it('adds live TLS, RDAP and reputation with external=true, then reuses them without network', async () => {
    const started = Date.now();
    const live = await verify('/verify/trusted.example.com?signals=true&external=true');
    expect(Date.now() - started).to.be.below(2500);
    const s = live.data.signals;
    expect(s.ssl).to.include({ score: 10, valid: true });
    expect(s.domain_age).to.include({ score: 15, years: 25 });
    expect(s.external.score).to.equal(11);
    expect(live.data.trust_score).to.equal(76);
    expect(live.data.trust_level).to.equal('HIGH');
    expect(live.data.agent_guidance).to.include({ action: 'PROCEED', max_transaction_usd: 1000 });
    const queries = dns.queries.length;
    const again = await verify('/verify/trusted.example.com?signals=true');
    expect(again.data.trust_score).to.equal(76);
    expect(dns.queries.length).to.equal(queries);
  });

  it('lets a dead source degrade only its signal, and a blocklist listing cap guidance at FLAG', async () => {
    const started = Date.now();
    const slow = await verify('/verify/slow.example.net?external=true&signals=true');
    expect(Date.now() - started).to.be.below(3500);
    expect(slow.data.signals.domain_age).to.include({ score: 0, observed: false, error: 'timeout' });
    expect(slow.data.signals.ssl).to.include({ score: 10 });
    const listed = await verify('/verify/listed.example.com?external=true&signals=true');
    expect(listed.data.signals.external).to.include({ score: 0 });
    expect(listed.data.agent_guidance.action).to.equal('FLAG');
    expect(listed.data.agent_guidance.reason).to.contain('dbl.example.org');
  });

  it('gives MCP check_trust the same object as GET /verify?signals=true', async () => {
    const res = await t.get('/mcp', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-06-18' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'check_trust', arguments: { domain: 'trusted.example.com' } } }),
    });
    const body = (await res.json()) as any;
    const http = await verify('/verify/trusted.example.com?signals=true');
    // The age of the oldest observation is counted when each answer is made: seconds apart.
    const ageless = (answer: any) => ({ ...answer, evidence: { ...answer.evidence, oldest_age_seconds: undefined } });
    expect(ageless(body.result.structuredContent)).to.deep.equal(ageless(http.data));
    expect(Math.abs(body.result.structuredContent.evidence.oldest_age_seconds - http.data.evidence.oldest_age_seconds)).to.be.at.most(5);
  });
});
