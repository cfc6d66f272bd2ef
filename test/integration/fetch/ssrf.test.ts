import { expect } from 'chai';
import { NodeDnsResolver } from '../../../src/adapters/dns/node-dns-resolver.js';
import { AddressPolicy } from '../../../src/adapters/fetch/address-policy.js';
import { NodeFetchSiteFetcher } from '../../../src/adapters/fetch/node-fetch-site-fetcher.js';
import type { FetchFailure, FetchOutcome } from '../../../src/application/ports/site-fetcher.js';
import { type TestDnsServer, answersInTurn, startDnsServer } from '../../support/dns-server.js';
import { type FixtureSite, type FixtureSiteOptions, redirect, startFixtureSite } from '../../support/fixture-site.js';
import { type TestKeyPair, createTestCa } from '../../support/test-ca.js';

// The "public" site listens on 127.0.0.2, the only address some fetchers allow. Victims listen on
// 127.0.0.1 and ::1 with the SAME ports, so a request that slipped through the policy would land
// on a victim and show up in its log.
interface Twins {
  readonly publicSite: FixtureSite;
  readonly victims: readonly FixtureSite[];
}

const PUBLIC_ROUTES: FixtureSiteOptions['routes'] = {
  '/': { body: 'public page' },
  '/to-loopback': redirect('http://127.0.0.1/'),
  '/to-decimal': redirect('http://2130706433/'),
  '/to-octal': redirect('http://017700000001/'),
  '/to-hex': redirect('http://0x7f.0.0.1/'),
  '/to-short': redirect('http://127.1/'),
  '/to-mapped': redirect('http://[::ffff:127.0.0.1]/'),
  '/to-mapped-hex': redirect('http://[::ffff:7f00:1]/'),
  '/to-v6-loopback': redirect('http://[::1]/'),
  '/to-metadata': redirect('http://169.254.169.254/latest/meta-data/'),
  '/to-private-name': redirect('http://internal.example.com/'),
  '/to-https-loopback': redirect('https://127.0.0.1/'),
  'rebind-hop.example.com/start': redirect('/next'),
};

const REDIRECTS: readonly (readonly [string, string])[] = [
  ['/to-loopback', 'http://127.0.0.1/'],
  ['/to-decimal', 'http://127.0.0.1/'],
  ['/to-octal', 'http://127.0.0.1/'],
  ['/to-hex', 'http://127.0.0.1/'],
  ['/to-short', 'http://127.0.0.1/'],
  ['/to-mapped', 'http://[::ffff:7f00:1]/'],
  ['/to-mapped-hex', 'http://[::ffff:7f00:1]/'],
  ['/to-v6-loopback', 'http://[::1]/'],
  ['/to-metadata', 'http://169.254.169.254/latest/meta-data/'],
  ['/to-private-name', 'http://internal.example.com/'],
  ['/to-https-loopback', 'https://127.0.0.1/'],
];

const LITERALS = [
  'http://127.0.0.1/',
  'https://127.0.0.1/',
  'http://127.0.0.2/',
  'http://127.1/',
  'http://2130706433/',
  'http://0x7f.1/',
  'http://0x7f000001/',
  'http://017700000001/',
  'http://0177.0.0.1/',
  'http://10.0.0.1/',
  'http://172.16.0.1/',
  'http://192.168.0.1/',
  'http://169.254.169.254/latest/meta-data/',
  'http://100.64.0.1/',
  'http://0.0.0.0/',
  'http://0/',
  'http://255.255.255.255/',
  'http://224.0.0.1/',
  'http://192.0.2.1/',
  'http://198.51.100.1/',
  'http://203.0.113.1/',
  'http://240.0.0.1/',
  'http://[::1]/',
  'http://[::]/',
  'http://[0:0:0:0:0:0:0:1]/',
  'http://[::ffff:127.0.0.1]/',
  'http://[::ffff:7f00:1]/',
  'http://[::127.0.0.1]/',
  'http://[fe80::1]/',
  'http://[fc00::1]/',
  'http://[fd12:3456::1]/',
  'http://[ff02::1]/',
  'http://[2001:db8::1]/',
  'http://[64:ff9b::7f00:1]/',
  'http://[2002:7f00:1::1]/',
];

const PRIVATE_NAMES: readonly (readonly [string, string])[] = [
  ['internal.example.com', '127.0.0.1'],
  ['metadata.example.com', '169.254.169.254'],
  ['v6-internal.example.com', '::1'],
  ['mapped.example.com', '::ffff:127.0.0.1'],
  ['private.example.com', '10.0.0.1'],
  ['cgnat.example.com', '100.64.0.1'],
];

function blocked(outcome: FetchOutcome): FetchFailure {
  if (outcome.ok) throw new Error(`expected BLOCKED_ADDRESS, got status ${outcome.resource.status}`);
  expect(outcome.failure.code, outcome.failure.message).to.equal('BLOCKED_ADDRESS');
  return outcome.failure;
}

describe('NodeFetchSiteFetcher against SSRF', () => {
  let twins: Twins;
  let dns: TestDnsServer;
  let strict: NodeFetchSiteFetcher;
  let allowingPublicTwin: NodeFetchSiteFetcher;

  const allSites = () => [twins.publicSite, ...twins.victims];
  const expectVictimsUntouched = () => {
    for (const victim of twins.victims) {
      expect(victim.connections, `connections to ${victim.host}`).to.deep.equal([]);
      expect(victim.requests, `requests to ${victim.host}`).to.deep.equal([]);
    }
  };

  before(async () => {
    const ca = await createTestCa();
    twins = await startTwins(await ca.issue(['shop.example.com', 'rebind.example.com']));
    dns = await startDnsServer();
    const make = (allowedNetworks: string[]) =>
      new NodeFetchSiteFetcher(
        {
          userAgent: 'Vetted/test',
          ca: [ca.cert],
          portMap: twins.publicSite.portMap,
          connectTimeoutMs: 1000,
          resourceTimeoutMs: 3000,
        },
        new NodeDnsResolver({ servers: [dns.address], timeoutMs: 500, tries: 1 }),
        new AddressPolicy(allowedNetworks),
      );
    strict = make([]);
    allowingPublicTwin = make(['127.0.0.2/32']);
  });

  after(async () => {
    await Promise.all(twins ? allSites().map((site) => site.close()) : []);
    await dns?.close();
  });

  beforeEach(() => {
    for (const site of allSites()) site.clearLog();
    dns.clearLog();
    dns.set('shop.example.com', { A: ['127.0.0.2'] });
    for (const [name, address] of PRIVATE_NAMES) {
      dns.set(name, address.includes(':') ? { AAAA: [address] } : { A: [address] });
    }
  });

  it('the victims are real: an allowed fetch of a victim address reaches it', async () => {
    const victim = twins.victims[0]!;
    const open = new NodeFetchSiteFetcher(
      { userAgent: 'Vetted/test', portMap: twins.publicSite.portMap },
      new NodeDnsResolver({ servers: [dns.address] }),
      new AddressPolicy(['127.0.0.1/32']),
    );
    const outcome = await open.fetch({ url: 'http://127.0.0.1/', maxBytes: 1024 });
    expect(outcome.ok && Buffer.from(outcome.resource.body).toString()).to.equal('internal secret');
    expect(victim.requests).to.have.length(1);
    victim.clearLog();
  });

  describe('refuses literal addresses of every non-public range, in every spelling', () => {
    for (const url of LITERALS) {
      it(url, async () => {
        const failure = blocked(await strict.fetch({ url, maxBytes: 1024 }));
        expect(failure.redirects).to.deep.equal([]);
        for (const site of allSites()) expect(site.connections).to.deep.equal([]);
        expect(dns.queries).to.deep.equal([]);
      });
    }
  });

  describe('refuses a redirect from an allowed site to a non-public address', () => {
    for (const [path, target] of REDIRECTS) {
      it(`${path} -> ${target}`, async () => {
        const failure = blocked(await allowingPublicTwin.fetch({ url: `http://shop.example.com${path}`, maxBytes: 1024 }));
        expect(failure.failedUrl).to.equal(target);
        expect(failure.redirects).to.have.length(1);
        expect(twins.publicSite.requests.map((r) => r.url)).to.deep.equal([path]);
        expectVictimsUntouched();
      });
    }
  });

  describe('refuses a name whose DNS answer is not public', () => {
    for (const [name, address] of PRIVATE_NAMES) {
      it(`${name} -> ${address}`, async () => {
        const failure = blocked(await strict.fetch({ url: `https://${name}/`, maxBytes: 1024 }));
        expect(failure.message).to.contain(name).and.to.contain(address);
        expectVictimsUntouched();
      });
    }
  });

  it('connects only to the allowed address when a name has both kinds', async () => {
    dns.set('mixed.example.com', { A: ['127.0.0.1', '127.0.0.2'] });
    const outcome = await allowingPublicTwin.fetch({ url: 'http://mixed.example.com/', maxBytes: 1024 });
    expect(outcome.ok && outcome.resource.remoteAddress).to.equal('127.0.0.2');
    expect(twins.publicSite.requests).to.have.length(1);
    expectVictimsUntouched();
  });

  describe('DNS rebinding', () => {
    it('connects to the checked address even when the next DNS answer is private', async () => {
      for (const url of ['http://rebind.example.com/', 'https://rebind.example.com/']) {
        dns.set('rebind.example.com', { A: answersInTurn(['127.0.0.2'], ['127.0.0.1']) });
        dns.clearLog();
        const outcome = await allowingPublicTwin.fetch({ url, maxBytes: 1024 });
        if (!outcome.ok) throw new Error(`${url}: ${outcome.failure.code} ${outcome.failure.message}`);
        expect(outcome.resource.remoteAddress).to.equal('127.0.0.2');
        expect(Buffer.from(outcome.resource.body).toString()).to.equal('public page');
        expect(dns.count('rebind.example.com', 'A'), 'one A query per hop').to.equal(1);
      }
      expect(twins.publicSite.requests.map((r) => r.host)).to.deep.equal(['rebind.example.com', 'rebind.example.com']);
      expectVictimsUntouched();
    });

    it('re-resolves and re-checks the same host on the next redirect hop', async () => {
      dns.set('rebind-hop.example.com', { A: answersInTurn(['127.0.0.2'], ['127.0.0.1']) });
      const failure = blocked(await allowingPublicTwin.fetch({ url: 'http://rebind-hop.example.com/start', maxBytes: 1024 }));
      expect(failure.failedUrl).to.equal('http://rebind-hop.example.com/next');
      expect(failure.message).to.contain('127.0.0.1');
      expect(dns.count('rebind-hop.example.com', 'A')).to.equal(2);
      expect(twins.publicSite.requests.map((r) => r.url)).to.deep.equal(['/start']);
      expectVictimsUntouched();
    });
  });
});

/** Starts the public site on 127.0.0.2 and victims on the same ports of 127.0.0.1 (and ::1 when available). */
async function startTwins(tls: TestKeyPair): Promise<Twins> {
  const victimRoutes = { '/': { body: 'internal secret' } };
  for (let attempt = 1; ; attempt++) {
    const publicSite = await startFixtureSite({ host: '127.0.0.2', tls, routes: PUBLIC_ROUTES });
    const ports = { httpPort: publicSite.httpPort, httpsPort: publicSite.httpsPort };
    const victims: FixtureSite[] = [];
    try {
      victims.push(await startFixtureSite({ host: '127.0.0.1', tls, routes: victimRoutes, ...ports }));
      try {
        victims.push(await startFixtureSite({ host: '::1', tls, routes: victimRoutes, ...ports }));
      } catch (error) {
        if ((error as { code?: string }).code !== 'EADDRNOTAVAIL') throw error;
      }
      return { publicSite, victims };
    } catch (error) {
      await Promise.all([publicSite, ...victims].map((site) => site.close()));
      if (attempt >= 5) throw error;
    }
  }
}
