import { expect } from 'chai';
import { JobQueue } from '../../src/application/ports/job-queue.js';
import { startDnsServer, type TestDnsServer } from '../support/dns-server.js';
import { startFixtureSite, type FixtureSite, type RouteSpec } from '../support/fixture-site.js';
import { createTestCa } from '../support/test-ca.js';
import { databaseKinds } from '../support/test-databases.js';
import { startTestService, type TestService } from '../support/test-service.js';
import { waitUntil } from '../support/wait-until.js';

function registrant(ldhName: string, organisation: string): RouteSpec {
  const card = [
    'vcard',
    [
      ['version', {}, 'text', '4.0'],
      ['org', {}, 'text', organisation],
    ],
  ];
  return {
    headers: { 'content-type': 'application/rdap+json' },
    body: JSON.stringify({ objectClassName: 'domain', ldhName, entities: [{ objectClassName: 'entity', roles: ['registrant'], vcardArray: card }] }),
  };
}

// The whole service on SQLite (in-process queue and worker) against local servers: a TLS site whose
// certificate also covers www.paypal.com, an RDAP server publishing registrants, a DNS server with
// NS records. Each name is one the detector flags as a lookalike of a catalog domain.
describe('ownership evidence for names that look like a brand, over HTTP and MCP', function () {
  this.timeout(30_000);
  let site: FixtureSite;
  let dns: TestDnsServer;
  let t: TestService;

  before(async () => {
    const ca = await createTestCa();
    site = await startFixtureSite({
      tls: await ca.issue(['rdap.example.net']),
      tlsByName: {
        'paypal-cdn.com': await ca.issue(['paypal-cdn.com', 'www.paypal.com']),
        'paypal-payments.com': await ca.issue(['paypal-payments.com', 'paypal.com']),
        'paypal-login.com': await ca.issue(['paypal-login.com']),
        'paypal.lt': await ca.issue(['paypal.lt', 'www.paypal.com']),
      },
      routes: {
        'rdap.example.net/domain/youtube-cdn.com': registrant('youtube-cdn.com', 'Google LLC'),
        'rdap.example.net/domain/youtube.com': registrant('youtube.com', 'Google LLC.'),
        'rdap.example.net/domain/paypal-login.com': registrant('paypal-login.com', 'REDACTED FOR PRIVACY'),
        'rdap.example.net/domain/paypal.com': registrant('paypal.com', 'REDACTED FOR PRIVACY'),
      },
    });
    const host = { A: ['127.0.0.1'] };
    dns = await startDnsServer({
      'rdap.example.net': host,
      'paypal-cdn.com': host,
      'paypal-payments.com': host,
      'paypal.lt': host,
      'paypal-login.com': { ...host, NS: ['ns1.paypal.com', 'ns1.registrar.example'] },
      'gooogle.com': { NS: ['ns1.google.com', 'ns2.google.com', 'ns3.google.com'] },
    });
    t = await startTestService(
      databaseKinds()[0]!,
      { DNS_SERVERS: dns.address, SCAN_ALLOWED_NETWORKS: '127.0.0.1/32', RDAP_BASE_URL: 'https://rdap.example.net/', EXTERNAL_DEADLINE_MS: '4000' },
      { fetcher: { ca: [ca.cert], portMap: site.portMap } },
    );
  });
  after(async () => {
    await t?.stop();
    await site?.close();
    await dns?.close();
  });

  const brandOf = async (domain: string, external = false) => {
    const res = await t.get(`/verify/${domain}?signals=true${external ? '&external=true' : ''}`);
    expect(res.status).to.equal(200);
    return ((await res.json()) as any).data;
  };
  const ownershipJobs = async () => {
    const counts = (await t.service.container.get<JobQueue>(JobQueue).counts()).find((c) => c.kind === 'ownership.check')!;
    return counts.waiting + counts.active + counts.completed + counts.failed;
  };

  it('answers a fresh name not_checked without looking, queues one check, and answers with its evidence once the worker ran it', async () => {
    const first = await brandOf('paypal-cdn.com');
    expect(first.signals.brand).to.deep.include({ known_brand: false, lookalike_of: 'paypal.com', score: 0 });
    expect(first.signals.brand.ownership.status).to.equal('not_checked');
    expect(first.signals.brand.ownership.reason).to.match(/^Whether paypal\.com owns this name is not yet checked/);
    expect(first.agent_guidance.action).to.be.oneOf(['FLAG', 'BLOCK']);
    await brandOf('paypal-cdn.com');
    let answer: any;
    await waitUntil('the background check answered', async () => (answer = await brandOf('paypal-cdn.com')).signals.brand.known_brand === true, 10_000, 50);
    expect(answer.signals.brand).to.deep.include({
      score: 20,
      known_brand: true,
      lookalike_of: null,
      owned_by: 'paypal.com',
      ownership: {
        status: 'owned',
        checked_at: answer.signals.brand.ownership.checked_at,
        evidence: [{ kind: 'tls_certificate', detail: 'the certificate for paypal-cdn.com also covers www.paypal.com' }],
      },
    });
    expect(Date.parse(answer.signals.brand.ownership.checked_at)).to.be.closeTo(Date.now(), 60_000);
    expect(await ownershipJobs()).to.equal(1);
    const stored = await t.database.db('ownership_checks').where({ domain: 'paypal-cdn.com' }).first();
    expect(stored).to.include({ brand: 'paypal.com' });
  });

  it('finds the evidence at once with external=true: a shared certificate, the same registrant, the brand’s nameservers', async () => {
    const jobs = await ownershipJobs();
    const tls = await brandOf('paypal-payments.com', true);
    expect(tls.signals.brand).to.deep.include({ known_brand: true, owned_by: 'paypal.com' });
    expect(tls.signals.brand.ownership.evidence).to.deep.equal([
      { kind: 'tls_certificate', detail: 'the certificate for paypal-payments.com also covers paypal.com' },
    ]);
    const rdap = await brandOf('youtube-cdn.com', true);
    expect(rdap.signals.brand).to.deep.include({ known_brand: true, owned_by: 'youtube.com', score: 20 });
    expect(rdap.signals.brand.ownership.evidence).to.deep.equal([
      { kind: 'registrant', detail: 'the RDAP registrant of youtube-cdn.com is the registrant of youtube.com, Google LLC.' },
    ]);
    const ns = await brandOf('gooogle.com', true);
    expect(ns.signals.brand).to.deep.include({ known_brand: true, owned_by: 'google.com' });
    expect(ns.signals.brand.ownership.evidence).to.deep.equal([
      { kind: 'nameservers', detail: 'gooogle.com is served by the nameservers of google.com: ns1.google.com, ns2.google.com, ns3.google.com' },
    ]);
    expect(ns.agent_guidance.reason ?? '').not.to.contain('impersonation');
    // Stored, so reading without external answers the same without looking or queueing.
    const queries = dns.queries.length;
    expect((await brandOf('gooogle.com')).signals.brand).to.deep.equal(ns.signals.brand);
    expect(dns.queries.length).to.equal(queries);
    expect(await ownershipJobs()).to.equal(jobs);
  });

  it('keeps the lookalike verdict when a check finds nothing (own certificate, redacted registrants, mixed nameservers)', async () => {
    const looked = await brandOf('paypal-login.com', true);
    expect(looked.signals.brand).to.deep.include({ known_brand: false, lookalike_of: 'paypal.com', score: 0 });
    expect(looked.signals.brand.ownership).to.deep.equal({ status: 'not_owned', checked_at: looked.signals.brand.ownership.checked_at });
    expect(looked.signals.brand).not.to.have.property('owned_by');
    expect(looked.agent_guidance.action).to.be.oneOf(['FLAG', 'BLOCK']);
    expect(looked.agent_guidance.reason).to.contain('Possible impersonation of paypal.com');
  });

  it("answers a brand's label under another suffix as possibly its own until evidence shows it is, then as the brand's", async () => {
    const first = await brandOf('paypal.lt');
    expect(first.signals.brand).to.deep.include({ known_brand: false, lookalike_of: 'paypal.com' });
    expect(first.agent_guidance.action).to.be.oneOf(['FLAG', 'BLOCK']);
    expect(first.agent_guidance.reason).to.contain("Possibly paypal.com's own domain, possibly an impersonation of it");
    expect(first.agent_guidance.reason).to.contain('Whether paypal.com owns it is being checked');
    let answer: any;
    await waitUntil('the ownership check answered', async () => (answer = await brandOf('paypal.lt')).signals.brand.known_brand === true, 10_000, 50);
    expect(answer.signals.brand).to.deep.include({ owned_by: 'paypal.com', score: 20 });
    expect(answer.signals.brand.ownership.evidence.map((e: any) => e.kind)).to.include('tls_certificate');
  });

  it('gives MCP check_trust the same brand signal as GET /verify?signals=true', async () => {
    const call = async (domain: string) => {
      const res = await t.get('/mcp', {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-06-18' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'check_trust', arguments: { domain } } }),
      });
      return ((await res.json()) as any).result.structuredContent;
    };
    for (const domain of ['gooogle.com', 'paypal-login.com', 'paypal-bonus.com']) {
      // The first ask may queue an ownership check, which can end between the two answers: compare
      // once it is settled (two HTTP answers alike around the MCP one).
      let http: any;
      let mcp: any;
      await waitUntil(
        `${domain} answered alike`,
        async () => {
          http = await brandOf(domain);
          mcp = await call(domain);
          return JSON.stringify(http.signals.brand) === JSON.stringify((await brandOf(domain)).signals.brand);
        },
        10_000,
        100,
      );
      expect(mcp.signals.brand, domain).to.deep.equal(http.signals.brand);
    }
  });
});
