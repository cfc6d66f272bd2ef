import { expect } from 'chai';
import { NodeDnsResolver } from '../../../src/adapters/dns/node-dns-resolver.js';
import { AddressPolicy } from '../../../src/adapters/fetch/address-policy.js';
import { NodeFetchSiteFetcher } from '../../../src/adapters/fetch/node-fetch-site-fetcher.js';
import { BUNDLED_RDAP_BOOTSTRAP, rdapBaseFor } from '../../../src/adapters/rdap/rdap-bootstrap.js';
import { RdapDomainAgeSource } from '../../../src/adapters/rdap/rdap-domain-age-source.js';
import type { DomainAgeOutcome } from '../../../src/application/ports/domain-age-source.js';
import type { DomainName } from '../../../src/domain/domain-name.js';
import { FakeSiteFetcher } from '../../fakes/fake-site-fetcher.js';
import { type TestDnsServer, startDnsServer } from '../../support/dns-server.js';
import { type FixtureSite, type RouteSpec, oversized, startFixtureSite } from '../../support/fixture-site.js';
import { createTestCa } from '../../support/test-ca.js';

const BASE = 'https://rdap.example.net/rdap/';
const name = (text: string) => text as DomainName;

function rdap(body: unknown, status = 200): RouteSpec {
  return { status, headers: { 'content-type': 'application/rdap+json' }, body: JSON.stringify(body) };
}

function domainObject(ldhName: string, events: unknown[]): unknown {
  return { objectClassName: 'domain', rdapConformance: ['rdap_level_0'], ldhName, events };
}

describe('RdapDomainAgeSource (local HTTPS RDAP server through the real fetcher)', () => {
  let site: FixtureSite;
  let dns: TestDnsServer;
  let fetcher: NodeFetchSiteFetcher;

  const source = (timeoutMs = 2000, rdapBaseUrl = BASE) => new RdapDomainAgeSource({ rdapBaseUrl, timeoutMs }, fetcher);

  before(async () => {
    const ca = await createTestCa();
    site = await startFixtureSite({
      tls: await ca.issue(['rdap.example.net']),
      routes: {
        '/rdap/domain/example.com': rdap(
          domainObject('EXAMPLE.COM', [
            { eventAction: 'expiration', eventDate: '2031-08-13T04:00:00Z' },
            { eventAction: 'registration', eventDate: '1995-08-14T04:00:00Z' },
            { eventAction: 'last changed', eventDate: '2024-08-14T07:01:34Z' },
          ]),
        ),
        '/rdap/domain/example.co.uk': rdap(
          domainObject('example.co.uk', [
            { eventAction: 'registration', eventDate: '2003-02-03T04:05:06+01:00' },
            { eventAction: 'registration', eventDate: '2001-02-03T04:05:06.5+01:00' },
          ]),
        ),
        '/rdap/domain/missing.com': rdap({ errorCode: 404, title: 'Not Found' }, 404),
        '/rdap/domain/broken.com': { status: 200, headers: { 'content-type': 'application/rdap+json' }, body: '{"events": [' },
        '/rdap/domain/baddate.com': rdap(domainObject('baddate.com', [{ eventAction: 'registration', eventDate: 'last Tuesday' }])),
        '/rdap/domain/impostor.com': rdap(domainObject('other.com', [{ eventAction: 'registration', eventDate: '2000-01-01T00:00:00Z' }])),
        '/rdap/domain/entity.com': rdap({ objectClassName: 'entity', handle: 'X', events: [] }),
        '/rdap/domain/quiet.de': rdap(domainObject('quiet.de', [{ eventAction: 'last changed', eventDate: '2020-01-01T00:00:00Z' }])),
        '/rdap/domain/huge.com': oversized(200 * 1024),
        '/rdap/domain/busy.com': rdap({ errorCode: 503 }, 503),
        '/rdap/domain/slow.com': { ...rdap(domainObject('slow.com', [])), delayMs: 1500 },
      },
    });
    dns = await startDnsServer({
      'rdap.example.net': { A: ['127.0.0.1'] },
      'rdap-internal.example.net': { A: ['10.0.0.1'] },
    });
    fetcher = new NodeFetchSiteFetcher(
      {
        userAgent: 'Vetted/0.1.0 (+https://vetted.test/agents.md)',
        ca: [ca.cert],
        portMap: site.portMap,
        connectTimeoutMs: 1000,
        resourceTimeoutMs: 3000,
      },
      new NodeDnsResolver({ servers: [dns.address], timeoutMs: 500, tries: 1 }),
      new AddressPolicy(['127.0.0.1/32']),
    );
  });

  after(async () => {
    await site?.close();
    await dns?.close();
  });

  beforeEach(() => site.clearLog());

  it('returns the registration event of the registrable domain, asking for RDAP JSON', async () => {
    const outcome = await source().registrationDate(name('shop.www.example.com'));
    expect(outcome).to.deep.equal({
      registeredAt: '1995-08-14T04:00:00.000Z',
      source: 'https://rdap.example.net/rdap/domain/example.com',
    });
    expect(site.requests).to.have.length(1);
    expect(site.requests[0]).to.include({ scheme: 'https', method: 'GET', host: 'rdap.example.net', url: '/rdap/domain/example.com' });
    expect(site.requests[0]!.headers.accept).to.equal('application/rdap+json, application/json;q=0.9');
  });

  it('takes the earliest of several registration events and normalises offsets to UTC', async () => {
    const outcome = await source().registrationDate(name('shop.example.co.uk'));
    expect(outcome).to.deep.equal({
      registeredAt: '2001-02-03T03:05:06.500Z',
      source: 'https://rdap.example.net/rdap/domain/example.co.uk',
    });
  });

  it('accepts a base URL without its trailing slash', async () => {
    const outcome = await source(2000, 'https://rdap.example.net/rdap').registrationDate(name('example.com'));
    expect(outcome).to.have.property('registeredAt', '1995-08-14T04:00:00.000Z');
  });

  it('maps 404 to not_found', async () => {
    expect(await source().registrationDate(name('missing.com'))).to.deep.equal({
      error: 'not_found',
      message: 'missing.com is not known to rdap.example.net',
    });
  });

  const badResponses: [string, string][] = [
    ['broken.com', 'the answer is not UTF-8 JSON'],
    ['baddate.com', 'the registration event has no RFC 3339 eventDate'],
    ['impostor.com', 'the answer is about other.com, not impostor.com'],
    ['entity.com', 'the answer is an RDAP "entity" object, not a domain'],
    ['huge.com', 'the RDAP answer exceeds 65536 bytes'],
  ];
  for (const [domain, message] of badResponses) {
    it(`maps ${domain} to bad_response: ${message}`, async () => {
      expect(await source().registrationDate(name(domain))).to.deep.equal({ error: 'bad_response', message });
    });
  }

  it('reports a domain object without a registration event as undisclosed', async () => {
    const outcome = await source().registrationDate(name('quiet.de'));
    expect(outcome).to.have.property('error', 'undisclosed');
  });

  it('maps other HTTP errors to unavailable', async () => {
    expect(await source().registrationDate(name('busy.com'))).to.deep.equal({
      error: 'unavailable',
      message: 'the RDAP service answered HTTP 503',
    });
  });

  it('gives up with timeout within its budget when the server is slow', async () => {
    const started = Date.now();
    const outcome = await source(300).registrationDate(name('slow.com'));
    expect(outcome).to.deep.equal({ error: 'timeout', message: 'no RDAP answer within 300 ms' });
    expect(Date.now() - started).to.be.within(250, 1000);
  });

  it("stops when the caller's signal aborts", async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const started = Date.now();
    const outcome = await source(5000).registrationDate(name('slow.com'), { signal: controller.signal });
    expect(outcome).to.deep.equal({ error: 'timeout', message: 'aborted by the caller' });
    expect(Date.now() - started).to.be.within(50, 1000);
  });

  it('is held to the fetch address rules: an RDAP host on a private address is unavailable, never contacted', async () => {
    const outcome = (await source(2000, 'https://rdap-internal.example.net/').registrationDate(name('example.com'))) as {
      error: string;
      message: string;
    };
    expect(outcome.error).to.equal('unavailable');
    expect(outcome.message).to.match(/^BLOCKED_ADDRESS: .*10\.0\.0\.1.*private address/);
    expect(site.connections).to.deep.equal([]);
  });

  it('rejects a base URL that is not http(s)', () => {
    expect(() => new RdapDomainAgeSource({ rdapBaseUrl: 'ftp://rdap.example.net/' }, fetcher)).to.throw(/not http\(s\)/);
    expect(() => new RdapDomainAgeSource({ rdapBaseUrl: 'not a url' }, fetcher)).to.throw(/not a URL/);
  });
});

describe('RdapDomainAgeSource with the bundled bootstrap table (recording fetcher, no network)', () => {
  const registration = (ldhName: string) => JSON.stringify(domainObject(ldhName, [{ eventAction: 'registration', eventDate: '2010-03-19T00:00:00Z' }]));

  it("asks the TLD's registry, found by the longest matching suffix", async () => {
    const fake = new FakeSiteFetcher({
      'https://rdap.verisign.com/com/v1/domain/example.com': { body: registration('example.com') },
    });
    const outcome: DomainAgeOutcome = await new RdapDomainAgeSource({}, fake).registrationDate(name('www.example.com'));
    expect(outcome).to.deep.equal({
      registeredAt: '2010-03-19T00:00:00.000Z',
      source: 'https://rdap.verisign.com/com/v1/domain/example.com',
    });
    await new RdapDomainAgeSource({}, fake).registrationDate(name('shop.example.co.uk'));
    expect(fake.requests.map((r) => r.url)).to.deep.equal([
      'https://rdap.verisign.com/com/v1/domain/example.com',
      'https://rdap.nominet.uk/uk/domain/example.co.uk',
    ]);
    expect(fake.requests.every((r) => r.maxBytes === 64 * 1024)).to.equal(true);
  });

  it('answers no_rdap_server for a TLD outside the table, without fetching', async () => {
    const fake = new FakeSiteFetcher();
    expect(await new RdapDomainAgeSource({}, fake).registrationDate(name('example.museum'))).to.deep.equal({
      error: 'no_rdap_server',
      message: 'no RDAP service is known for .museum',
    });
    expect(fake.requests).to.deep.equal([]);
  });

  it('ships an https base URL for each common TLD', () => {
    const tlds = ['com', 'net', 'org', 'info', 'io', 'co', 'uk', 'de', 'fr', 'nl', 'app', 'dev', 'ai', 'xyz', 'me', 'us', 'eu', 'ca', 'au'];
    for (const tld of tlds) {
      expect(rdapBaseFor(`example.${tld}`, BUNDLED_RDAP_BOOTSTRAP), tld).to.match(/^https:\/\/[a-z0-9.-]+\/(?:[a-z0-9/]+\/)?$/);
    }
    expect(BUNDLED_RDAP_BOOTSTRAP.size).to.equal(tlds.length);
  });
});
