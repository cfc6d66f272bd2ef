import { expect } from 'chai';
import { NodeDnsResolver } from '../../../src/adapters/dns/node-dns-resolver.js';
import { AddressPolicy } from '../../../src/adapters/fetch/address-policy.js';
import { NodeFetchSiteFetcher } from '../../../src/adapters/fetch/node-fetch-site-fetcher.js';
import { RdapOwnershipProbe } from '../../../src/adapters/rdap/rdap-ownership-probe.js';
import { NodeTlsInspector } from '../../../src/adapters/tls/node-tls-inspector.js';
import type { DomainName } from '../../../src/domain/domain-name.js';
import { FixedClock } from '../../fakes/fixed-clock.js';
import { startDnsServer, type TestDnsServer } from '../../support/dns-server.js';
import { startFixtureSite, type FixtureSite, type RouteSpec } from '../../support/fixture-site.js';
import { createTestCa } from '../../support/test-ca.js';

const name = (text: string) => text as DomainName;

/** An RDAP domain object whose registrant entity carries `card` (jCard properties). */
function withRegistrant(ldhName: string, card: unknown[][], roles = ['registrant']): RouteSpec {
  const entities = [
    {
      objectClassName: 'entity',
      roles: ['registrar'],
      vcardArray: [
        'vcard',
        [
          ['version', {}, 'text', '4.0'],
          ['fn', {}, 'text', 'MarkMonitor Inc.'],
        ],
      ],
    },
    { objectClassName: 'entity', roles, vcardArray: ['vcard', [['version', {}, 'text', '4.0'], ...card]] },
  ];
  return { headers: { 'content-type': 'application/rdap+json' }, body: JSON.stringify({ objectClassName: 'domain', ldhName, entities }) };
}

// The real adapters on loopback: RDAP over HTTPS through the safe fetcher, the handshake through
// NodeTlsInspector, NS through NodeDnsResolver, all against local servers and a test CA.
describe('RdapOwnershipProbe (local RDAP, TLS and DNS servers)', function () {
  this.timeout(10_000);
  let site: FixtureSite;
  let dns: TestDnsServer;
  let probe: RdapOwnershipProbe;

  before(async () => {
    const ca = await createTestCa();
    const stranger = await createTestCa('Stranger CA');
    site = await startFixtureSite({
      tls: await ca.issue(['rdap.example.net']),
      tlsByName: {
        'paypal-cdn.com': await ca.issue(['paypal-cdn.com', 'www.paypal.com']),
        'self-made.com': await stranger.issue(['self-made.com', 'paypal.com']),
      },
      routes: {
        'rdap.example.net/rdap/domain/paypal.com': withRegistrant('PAYPAL.COM', [['org', {}, 'text', 'PayPal, Inc.']]),
        'rdap.example.net/rdap/domain/google.com': withRegistrant('google.com', [
          ['kind', {}, 'text', 'org'],
          ['fn', {}, 'text', 'Google LLC'],
        ]),
        'rdap.example.net/rdap/domain/person.com': withRegistrant('person.com', [
          ['kind', {}, 'text', 'individual'],
          ['fn', {}, 'text', 'Jane Doe'],
        ]),
        'rdap.example.net/rdap/domain/tech-only.com': withRegistrant('tech-only.com', [['org', {}, 'text', 'Someone']], ['technical']),
        'rdap.example.net/rdap/domain/structured.com': withRegistrant('structured.com', [['org', {}, 'text', ['Example Corp', 'Security']]]),
        'rdap.example.net/rdap/domain/other.com': withRegistrant('another.com', [['org', {}, 'text', 'X']]),
        'rdap.example.net/rdap/domain/missing.com': { status: 404, body: '{}' },
        'rdap.example.net/rdap/domain/busy.com': { status: 503, body: '{}' },
        'rdap.example.net/rdap/domain/slow.com': { ...withRegistrant('slow.com', []), delayMs: 3000 },
      },
    });
    dns = await startDnsServer({
      'rdap.example.net': { A: ['127.0.0.1'] },
      'paypal-cdn.com': { A: ['127.0.0.1'], NS: ['ns1.paypal.com.', 'NS2.PAYPAL.COM'] },
      'self-made.com': { A: ['127.0.0.1'] },
      'servfail.com': { rcode: 'SERVFAIL' },
      'silent.com': { drop: true },
    });
    const resolver = new NodeDnsResolver({ servers: [dns.address], timeoutMs: 400, tries: 1 });
    const guard = new AddressPolicy(['127.0.0.1/32']);
    const fetcher = new NodeFetchSiteFetcher(
      { userAgent: 'Vetted/0.1.0 (+https://vetted.test/agents.md)', ca: [ca.cert], portMap: site.portMap, connectTimeoutMs: 1000, resourceTimeoutMs: 3000 },
      resolver,
      guard,
    );
    const tls = new NodeTlsInspector({ ca: [ca.cert], portMap: site.portMap, timeoutMs: 2000 }, resolver, guard, new FixedClock(new Date()));
    probe = new RdapOwnershipProbe({ rdapBaseUrl: 'https://rdap.example.net/rdap/', timeoutMs: 1000 }, fetcher, tls, resolver);
  });

  after(async () => {
    await site?.close();
    await dns?.close();
  });

  describe('the registrant', () => {
    it('reads the registrant entity’s organisation of the registrable domain', async () => {
      expect(await probe.registrant(name('www.paypal.com'))).to.deep.equal({ organisation: 'PayPal, Inc.' });
      expect(site.requests.at(-1)).to.include({ host: 'rdap.example.net', url: '/rdap/domain/paypal.com' });
      expect(await probe.registrant(name('google.com'))).to.deep.equal({ organisation: 'Google LLC' });
      expect(await probe.registrant(name('structured.com'))).to.deep.equal({ organisation: 'Example Corp' });
    });

    it('answers no organisation for a person, a domain without registrant, or one the registry does not know', async () => {
      for (const domain of ['person.com', 'tech-only.com', 'missing.com'])
        expect(await probe.registrant(name(domain)), domain).to.deep.equal({ organisation: null });
    });

    it('fails on a registry error, an answer about another domain, or no answer in time', async () => {
      expect(await probe.registrant(name('busy.com'))).to.deep.include({ error: 'unavailable' });
      expect(await probe.registrant(name('other.com'))).to.deep.equal({ error: 'unavailable', message: 'the answer is about another.com, not other.com' });
      expect(await probe.registrant(name('slow.com'))).to.deep.include({ error: 'timeout' });
    });
  });

  describe('the nameservers', () => {
    it('lists a zone’s NS hosts, and none for a name without', async () => {
      expect(await probe.nameservers(name('paypal-cdn.com'))).to.deep.equal({ nameservers: ['ns1.paypal.com', 'ns2.paypal.com'] });
      expect(await probe.nameservers(name('nowhere.com'))).to.deep.equal({ nameservers: [] });
    });

    it('fails when the DNS server fails or the deadline passes first', async () => {
      expect(await probe.nameservers(name('servfail.com'))).to.deep.equal({ error: 'unavailable', message: 'NS lookup of servfail.com failed: ESERVFAIL' });
      const started = Date.now();
      expect(await probe.nameservers(name('silent.com'), { signal: AbortSignal.timeout(150) })).to.deep.include({ error: 'timeout' });
      expect(Date.now() - started).to.be.below(400);
    });
  });

  describe('the certificate', () => {
    it('gives the names of the certificate served for the name, and whether it validated', async () => {
      expect(await probe.certificate(name('paypal-cdn.com'))).to.deep.equal({ valid: true, names: ['paypal-cdn.com', 'www.paypal.com'] });
      expect(await probe.certificate(name('self-made.com'))).to.deep.equal({ valid: false, names: ['self-made.com', 'paypal.com'] });
    });

    it('answers no certificate for a name without an address', async () => {
      expect(await probe.certificate(name('nowhere.com'))).to.equal(null);
    });
  });
});
