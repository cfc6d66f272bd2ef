import { expect } from 'chai';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { NodeDnsResolver } from '../../../src/adapters/dns/node-dns-resolver.js';
import { AddressPolicy } from '../../../src/adapters/fetch/address-policy.js';
import type { FetcherOptions } from '../../../src/adapters/fetch/fetcher-options.js';
import { NodeFetchSiteFetcher } from '../../../src/adapters/fetch/node-fetch-site-fetcher.js';
import type { FetchFailure, FetchOutcome, FetchedResource } from '../../../src/application/ports/site-fetcher.js';
import { type TestDnsServer, startDnsServer } from '../../support/dns-server.js';
import { type FixtureSite, compressionBomb, encoded, oversized, redirect, slowDrip, startFixtureSite } from '../../support/fixture-site.js';
import { type TestCa, createTestCa } from '../../support/test-ca.js';
import { closedPorts } from '../../support/closed-port.js';

const USER_AGENT = 'Vetted/0.1.0 (+https://vetted.test/agents.md)';
const MiB = 1024 * 1024;

function resource(outcome: FetchOutcome): FetchedResource {
  if (!outcome.ok) throw new Error(`expected success, got ${outcome.failure.code}: ${outcome.failure.message}`);
  return outcome.resource;
}

function failure(outcome: FetchOutcome): FetchFailure {
  if (outcome.ok) throw new Error(`expected a failure, got status ${outcome.resource.status}`);
  return outcome.failure;
}

const text = (bytes: Uint8Array) => Buffer.from(bytes).toString('utf8');

describe('NodeFetchSiteFetcher (local HTTPS site, local DNS)', () => {
  let ca: TestCa;
  let site: FixtureSite;
  let dns: TestDnsServer;

  let standard: NodeFetchSiteFetcher | undefined;
  // Each fetcher with `ca` builds a TLS context from the whole root store, so share the plain one.
  const fetcher = (options?: Partial<FetcherOptions>) => (options ? build(options) : (standard ??= build({})));
  const build = (options: Partial<FetcherOptions>) =>
    new NodeFetchSiteFetcher(
      {
        userAgent: USER_AGENT,
        ca: [ca.cert],
        portMap: site.portMap,
        connectTimeoutMs: 1000,
        resourceTimeoutMs: 3000,
        ...options,
      },
      new NodeDnsResolver({ servers: [dns.address], timeoutMs: 500, tries: 1 }),
      new AddressPolicy(['127.0.0.1/32']),
    );

  before(async () => {
    ca = await createTestCa();
    site = await startFixtureSite({
      tls: await ca.issue(['shop.example.com', 'www.shop.example.com']),
      tlsByName: {
        'expired.example.com': await ca.issueExpired(['expired.example.com']),
        'wrong.example.com': await ca.issue(['elsewhere.example.net']),
      },
      routes: {
        '/': { status: 200, headers: { 'Content-Type': 'text/html', 'X-Shop': 'open' }, body: '<h1>shop</h1>' },
        '/to-https': redirect('https://shop.example.com/'),
        '/relative': redirect('/', 301),
        '/see-other': redirect('/', 303),
        '/loop': redirect('/loop'),
        '/to-ftp': redirect('ftp://shop.example.com/file'),
        '/to-broken': redirect('http://[::1/'),
        '/gzip': encoded('hello gzip', 'gzip'),
        '/br': encoded('hello brotli', 'br'),
        '/gzip-bomb': await compressionBomb('gzip', 1024 * MiB),
        '/br-bomb': await compressionBomb('br', 256 * MiB),
        '/50mb': oversized(50 * 1000 * 1000),
        '/drip': slowDrip(50),
        '/slow-headers': { delayMs: 2000, body: 'late' },
        '/ten': { body: '0123456789' },
      },
    });
    dns = await startDnsServer({
      'shop.example.com': { A: ['127.0.0.1'] },
      'www.shop.example.com': { A: ['127.0.0.1'] },
      'expired.example.com': { A: ['127.0.0.1'] },
      'wrong.example.com': { A: ['127.0.0.1'] },
      'servfail.example.com': { rcode: 'SERVFAIL' },
      'nodata.example.com': { TXT: ['only text'] },
    });
  });

  after(async () => {
    await site?.close();
    await dns?.close();
  });

  beforeEach(() => site.clearLog());

  it('fetches over https and reports status, headers, body, address and certificate', async () => {
    const res = resource(
      await fetcher().fetch({
        url: 'https://shop.example.com/',
        maxBytes: 1024,
        headers: { Accept: 'text/html', 'User-Agent': 'spoofed' },
      }),
    );
    expect(res.status).to.equal(200);
    expect(res.requestedUrl).to.equal('https://shop.example.com/');
    expect(res.finalUrl).to.equal('https://shop.example.com/');
    expect(res.redirects).to.deep.equal([]);
    expect(text(res.body)).to.equal('<h1>shop</h1>');
    expect(res.truncated).to.equal(false);
    expect(res.headers['content-type']).to.equal('text/html');
    expect(res.headers['x-shop']).to.equal('open');
    expect(Object.keys(res.headers).every((name) => name === name.toLowerCase())).to.equal(true);
    expect(res.remoteAddress).to.equal('127.0.0.1');
    expect(res.durationMs).to.be.within(0, 3000);
    expect(res.certificate?.subject).to.equal('CN=shop.example.com');
    expect(res.certificate?.issuer).to.equal('CN=Vetted Test CA');
    expect(res.certificate?.subjectAltNames).to.deep.equal(['DNS:shop.example.com', 'DNS:www.shop.example.com']);
    expect(res.certificate?.validFrom).to.match(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.000Z$/);
    expect(Date.parse(res.certificate?.validTo ?? '')).to.be.greaterThan(Date.now());

    expect(site.requests).to.have.length(1);
    const seen = site.requests[0]!;
    expect(seen).to.include({ scheme: 'https', method: 'GET', host: 'shop.example.com', url: '/' });
    expect(seen.headers['user-agent']).to.equal(USER_AGENT);
    expect(seen.headers.accept).to.equal('text/html');
  });

  it('sends HEAD and returns an empty body', async () => {
    const res = resource(await fetcher().fetch({ url: 'https://shop.example.com/', method: 'HEAD', maxBytes: 1024 }));
    expect(res.status).to.equal(200);
    expect(res.body.length).to.equal(0);
    expect(site.requests.map((r) => r.method)).to.deep.equal(['HEAD']);
  });

  it('follows a redirect from http to https, re-resolving the new hop', async () => {
    const res = resource(await fetcher().fetch({ url: 'http://www.shop.example.com/to-https', maxBytes: 1024 }));
    expect(res.finalUrl).to.equal('https://shop.example.com/');
    expect(res.redirects).to.deep.equal([{ url: 'http://www.shop.example.com/to-https', status: 302, location: 'https://shop.example.com/' }]);
    expect(res.certificate?.subject).to.equal('CN=shop.example.com');
    expect(site.requests.map((r) => `${r.scheme} ${r.host}${r.url}`)).to.deep.equal(['http www.shop.example.com/to-https', 'https shop.example.com/']);
    expect(dns.count('shop.example.com', 'A')).to.be.greaterThan(0);
  });

  it('resolves relative redirects and turns a 303 into GET but keeps HEAD', async () => {
    const relative = resource(await fetcher().fetch({ url: 'https://shop.example.com/relative', maxBytes: 1024 }));
    expect(relative.finalUrl).to.equal('https://shop.example.com/');
    expect(relative.redirects[0]).to.deep.equal({ url: 'https://shop.example.com/relative', status: 301, location: '/' });
    site.clearLog();
    await fetcher().fetch({ url: 'https://shop.example.com/see-other', method: 'HEAD', maxBytes: 1024 });
    expect(site.requests.map((r) => r.method)).to.deep.equal(['HEAD', 'HEAD']);
  });

  it('returns a redirect unfollowed when followRedirects is false', async () => {
    const res = resource(await fetcher().fetch({ url: 'http://shop.example.com/to-https', maxBytes: 1024, followRedirects: false }));
    expect(res.status).to.equal(302);
    expect(res.headers.location).to.equal('https://shop.example.com/');
    expect(res.redirects).to.deep.equal([]);
    expect(site.requests).to.have.length(1);
  });

  it('stops a redirect loop after 5 redirects with TOO_MANY_REDIRECTS', async () => {
    const fail = failure(await fetcher().fetch({ url: 'https://shop.example.com/loop', maxBytes: 1024 }));
    expect(fail.code).to.equal('TOO_MANY_REDIRECTS');
    expect(fail.redirects).to.have.length(5);
    expect(fail.failedUrl).to.equal('https://shop.example.com/loop');
    expect(site.requests).to.have.length(6);
  });

  it('refuses a redirect to ftp: with BAD_REDIRECT and makes no further request', async () => {
    const fail = failure(await fetcher().fetch({ url: 'https://shop.example.com/to-ftp', maxBytes: 1024 }));
    expect(fail.code).to.equal('BAD_REDIRECT');
    expect(fail.failedUrl).to.equal('ftp://shop.example.com/file');
    expect(fail.redirects).to.deep.equal([]);
    expect(site.requests).to.have.length(1);
  });

  it('refuses an unparsable Location with BAD_REDIRECT', async () => {
    const fail = failure(await fetcher().fetch({ url: 'https://shop.example.com/to-broken', maxBytes: 1024 }));
    expect(fail.code).to.equal('BAD_REDIRECT');
  });

  it('decodes gzip and brotli bodies', async () => {
    expect(text(resource(await fetcher().fetch({ url: 'https://shop.example.com/gzip', maxBytes: 1024 })).body)).to.equal('hello gzip');
    expect(text(resource(await fetcher().fetch({ url: 'https://shop.example.com/br', maxBytes: 1024 })).body)).to.equal('hello brotli');
    expect(site.requests[0]?.headers['accept-encoding']).to.match(/gzip/);
  });

  for (const [path, label] of [
    ['/gzip-bomb', 'a 1 GiB gzip bomb'],
    ['/br-bomb', 'a 256 MiB brotli bomb'],
  ] as const) {
    it(`caps the decoded body: ${label} stops at maxBytes, fast`, async () => {
      const res = resource(await fetcher().fetch({ url: `https://shop.example.com${path}`, maxBytes: MiB }));
      expect(res.truncated).to.equal(true);
      expect(res.body.length).to.equal(MiB);
      expect(res.body.every((byte) => byte === 0)).to.equal(true);
      expect(res.durationMs).to.be.below(1500);
    });
  }

  it('truncates a 50 MB body at maxBytes without reading the rest', async () => {
    const res = resource(await fetcher().fetch({ url: 'http://shop.example.com/50mb', maxBytes: 256 * 1024 }));
    expect(res.truncated).to.equal(true);
    expect(res.body.length).to.equal(256 * 1024);
    expect(res.headers['content-length']).to.equal('50000000');
    expect(res.durationMs).to.be.below(1500);
  });

  it('sets truncated only when bytes were actually dropped', async () => {
    const exact = resource(await fetcher().fetch({ url: 'https://shop.example.com/ten', maxBytes: 10 }));
    expect([text(exact.body), exact.truncated]).to.deep.equal(['0123456789', false]);
    const cut = resource(await fetcher().fetch({ url: 'https://shop.example.com/ten', maxBytes: 4 }));
    expect([text(cut.body), cut.truncated]).to.deep.equal(['0123', true]);
  });

  it('ends a never-ending slow drip at the resource timeout', async () => {
    const fail = failure(await fetcher({ resourceTimeoutMs: 400 }).fetch({ url: 'https://shop.example.com/drip', maxBytes: MiB }));
    expect(fail.code).to.equal('TIMEOUT');
    expect(fail.message).to.equal('no complete response within 400 ms');
    expect(fail.durationMs).to.be.within(380, 1500);
  });

  it('ends a response whose headers never come at the resource timeout', async () => {
    const fail = failure(await fetcher({ resourceTimeoutMs: 300 }).fetch({ url: 'https://shop.example.com/slow-headers', maxBytes: 1024 }));
    expect(fail.code).to.equal('TIMEOUT');
    expect(fail.durationMs).to.be.within(280, 1500);
  });

  it("stops when the caller's signal aborts", async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 150);
    const fail = failure(await fetcher().fetch({ url: 'https://shop.example.com/drip', maxBytes: MiB, signal: controller.signal }));
    expect(fail.code).to.equal('TIMEOUT');
    expect(fail.message).to.equal('aborted by the caller');
    expect(fail.durationMs).to.be.below(1000);
  });

  it('reports an expired certificate as TLS_ERROR CERT_HAS_EXPIRED', async () => {
    const fail = failure(await fetcher().fetch({ url: 'https://expired.example.com/', maxBytes: 1024 }));
    expect(fail.code).to.equal('TLS_ERROR');
    expect(fail.message).to.match(/^CERT_HAS_EXPIRED: /);
    expect(site.requests).to.have.length(0);
  });

  it('reports a certificate for another host as TLS_ERROR ERR_TLS_CERT_ALTNAME_INVALID', async () => {
    const fail = failure(await fetcher().fetch({ url: 'https://wrong.example.com/', maxBytes: 1024 }));
    expect(fail.code).to.equal('TLS_ERROR');
    expect(fail.message).to.match(/^ERR_TLS_CERT_ALTNAME_INVALID: .*wrong\.example\.com/);
    expect(site.requests).to.have.length(0);
  });

  it('keeps verification on: a CA that is not trusted gives TLS_ERROR', async () => {
    const fail = failure(await fetcher({ ca: [] }).fetch({ url: 'https://shop.example.com/', maxBytes: 1024 }));
    expect(fail.code).to.equal('TLS_ERROR');
    expect(fail.message).to.match(/^UNABLE_TO_VERIFY_LEAF_SIGNATURE: /);
  });

  it('reports unknown names, names without addresses and failing DNS as DNS_FAILURE', async () => {
    for (const host of ['missing.example.com', 'nodata.example.com', 'servfail.example.com']) {
      const fail = failure(await fetcher().fetch({ url: `https://${host}/`, maxBytes: 1024 }));
      expect(fail.code, host).to.equal('DNS_FAILURE');
    }
    expect(site.connections).to.have.length(0);
  });

  it('reports a refused connection as CONNECT_FAILED', async () => {
    const closed = (await closedPorts(1))[0]!;
    const fail = failure(await fetcher({ portMap: { 443: closed } }).fetch({ url: 'https://shop.example.com/', maxBytes: 1024 }));
    expect(fail.code).to.equal('CONNECT_FAILED');
    expect(fail.message).to.match(/^ECONNREFUSED/);
  });

  it('bounds connect plus TLS handshake by connectTimeoutMs', async () => {
    const silent = net.createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const port = (silent.address() as AddressInfo).port;
      const fail = failure(await fetcher({ connectTimeoutMs: 200, portMap: { 443: port } }).fetch({ url: 'https://shop.example.com/', maxBytes: 1024 }));
      expect(fail.code).to.equal('TIMEOUT');
      expect(fail.message).to.equal('connect timeout after 200 ms');
      expect(fail.durationMs).to.be.within(180, 1500);
    } finally {
      silent.close();
    }
  });

  it('refuses what is not an http(s) URL with BAD_URL, without any DNS query or connection', async () => {
    const queries = dns.queries.length;
    for (const url of ['not a url', 'file:///etc/passwd', 'ftp://shop.example.com/', 'https://user:secret@shop.example.com/']) {
      const fail = failure(await fetcher().fetch({ url, maxBytes: 1024 }));
      expect(fail.code, url).to.equal('BAD_URL');
      expect(fail.requestedUrl).to.equal(url);
    }
    expect(dns.queries.length).to.equal(queries);
    expect(site.connections).to.have.length(0);
  });
});
