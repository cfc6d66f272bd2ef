import { expect } from 'chai';
import net from 'node:net';
import type { AddressInfo, Socket } from 'node:net';
import { AddressPolicy } from '../../../src/adapters/fetch/address-policy.js';
import { NodeDnsResolver } from '../../../src/adapters/dns/node-dns-resolver.js';
import { NodeTlsInspector, type TlsInspectorOptions } from '../../../src/adapters/tls/node-tls-inspector.js';
import type { AddressGuard } from '../../../src/application/ports/address-guard.js';
import type { TlsInspection, TlsInspectionFailure, TlsInspectionOutcome } from '../../../src/application/ports/tls-inspector.js';
import type { DomainName } from '../../../src/domain/domain-name.js';
import { FixedClock } from '../../fakes/fixed-clock.js';
import { type TestDnsServer, startDnsServer } from '../../support/dns-server.js';
import { type FixtureSite, startFixtureSite } from '../../support/fixture-site.js';
import { type TestCa, createTestCa } from '../../support/test-ca.js';

const DAY_MS = 86_400_000;
const name = (text: string) => text as DomainName;

function inspection(outcome: TlsInspectionOutcome): TlsInspection {
  if ('error' in outcome) throw new Error(`expected an inspection, got ${outcome.error}: ${outcome.message}`);
  return outcome;
}

function failure(outcome: TlsInspectionOutcome): TlsInspectionFailure {
  if (!('error' in outcome)) throw new Error(`expected a failure, got a certificate for ${outcome.subject}`);
  return outcome;
}

interface RawServer {
  readonly port: number;
  /** Connections accepted so far. */
  accepted(): number;
  close(): Promise<void>;
}

/** A TCP server on 127.0.0.1 that accepts and then says nothing, or hangs up at once. */
async function startRawServer(behaviour: 'silent' | 'hang-up'): Promise<RawServer> {
  let accepted = 0;
  const sockets = new Set<Socket>();
  const server = net.createServer((socket) => {
    accepted += 1;
    sockets.add(socket);
    socket.on('error', () => undefined);
    socket.on('close', () => sockets.delete(socket));
    if (behaviour === 'hang-up') socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    accepted: () => accepted,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

describe('NodeTlsInspector (local TLS servers, local DNS)', () => {
  let ca: TestCa;
  let site: FixtureSite;
  let dns: TestDnsServer;
  let clock: FixedClock;
  let silent: RawServer;
  let hangUp: RawServer;
  let closedPort: number;
  // Built once: each inspector with `ca` builds a TLS context from the whole root store.
  let standard: NodeTlsInspector;

  const make = (options: Partial<TlsInspectorOptions> = {}, guard: AddressGuard = new AddressPolicy(['127.0.0.1/32'])) =>
    new NodeTlsInspector(
      { ca: [ca.cert], portMap: site.portMap, timeoutMs: 2000, ...options },
      new NodeDnsResolver({ servers: [dns.address], timeoutMs: 500, tries: 1 }),
      guard,
      clock,
    );

  before(async () => {
    ca = await createTestCa();
    const stranger = await createTestCa('Stranger CA');
    clock = new FixedClock(new Date());
    site = await startFixtureSite({
      tls: await ca.issue(['good.example.com', '*.Brand.example', 'brand.example', '127.0.0.1'], {
        notAfter: new Date(clock.now().getTime() + 10 * DAY_MS + 3_600_000),
      }),
      tlsByName: {
        'expired.example.com': await ca.issueExpired(['expired.example.com']),
        'wrong.example.com': await ca.issue(['elsewhere.example.net']),
        'untrusted.example.com': await stranger.issue(['untrusted.example.com']),
      },
    });
    dns = await startDnsServer({
      'good.example.com': { A: ['127.0.0.1'] },
      'expired.example.com': { A: ['127.0.0.1'] },
      'wrong.example.com': { A: ['127.0.0.1'] },
      'untrusted.example.com': { A: ['127.0.0.1'] },
      'private.example.com': { A: ['10.0.0.1', '192.168.1.1'] },
      'servfail.example.com': { rcode: 'SERVFAIL' },
      'nodata.example.com': { TXT: ['no addresses here'] },
    });
    silent = await startRawServer('silent');
    hangUp = await startRawServer('hang-up');
    const spare = await startRawServer('silent');
    closedPort = spare.port;
    await spare.close();
    standard = make();
  });

  after(async () => {
    await site?.close();
    await dns?.close();
    await silent?.close();
    await hangUp?.close();
  });

  beforeEach(() => site.clearLog());

  it('describes a valid certificate: chain, host name, dates, issuer and subject', async () => {
    const result = inspection(await standard.inspect(name('good.example.com')));
    expect(result).to.include({
      valid: true,
      authorizationError: null,
      hostnameMatches: true,
      daysToExpiry: 10,
      issuer: 'CN=Vetted Test CA',
      subject: 'CN=good.example.com',
    });
    expect(Date.parse(result.validTo) - clock.now().getTime()).to.be.within(10 * DAY_MS, 10 * DAY_MS + 3_601_000);
    expect(result.validFrom).to.match(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.000Z$/);
    expect(Date.parse(result.validFrom)).to.be.below(clock.now().getTime());
    expect(site.connections).to.have.length(1);
    expect(site.connections[0]).to.include({ scheme: 'https', localAddress: '127.0.0.1' });
  });

  it('lists the certificate’s DNS names (not its IP addresses), lower case, for ownership evidence', async () => {
    const result = inspection(await standard.inspect(name('good.example.com')));
    expect(result.subjectAltNames).to.deep.equal(['good.example.com', '*.brand.example', 'brand.example']);
    expect(inspection(await standard.inspect(name('wrong.example.com'))).subjectAltNames).to.deep.equal(['elsewhere.example.net']);
  });

  it('reports an expired certificate as CERT_HAS_EXPIRED with negative days to expiry', async () => {
    const result = inspection(await standard.inspect(name('expired.example.com')));
    expect(result).to.include({ valid: false, authorizationError: 'CERT_HAS_EXPIRED', hostnameMatches: true });
    expect(result.daysToExpiry).to.be.below(0);
    expect(result.subject).to.equal('CN=expired.example.com');
  });

  it('reports a trusted certificate for another host as a host-name mismatch, not a chain error', async () => {
    const result = inspection(await standard.inspect(name('wrong.example.com')));
    expect(result).to.include({
      valid: false,
      authorizationError: null,
      hostnameMatches: false,
      subject: 'CN=elsewhere.example.net',
    });
  });

  it('reports a certificate from an unknown CA as unverifiable', async () => {
    const result = inspection(await standard.inspect(name('untrusted.example.com')));
    expect(result).to.include({
      valid: false,
      authorizationError: 'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
      hostnameMatches: true,
      issuer: 'CN=Stranger CA',
    });
  });

  it('does not trust the test CA unless it is configured', async () => {
    const result = inspection(await make({ ca: [] }).inspect(name('good.example.com')));
    expect(result).to.include({ valid: false, authorizationError: 'UNABLE_TO_VERIFY_LEAF_SIGNATURE', hostnameMatches: true });
  });

  it('refuses an address the guard does not allow, without connecting', async () => {
    const strict = make({}, new AddressPolicy([]));
    const result = failure(await strict.inspect(name('good.example.com')));
    expect(result.error).to.equal('blocked');
    expect(result.message).to.equal('good.example.com resolves to 127.0.0.1, which is not allowed (loopback address)');
    expect(site.connections).to.deep.equal([]);
  });

  it('refuses private addresses (10/8, 192.168/16) without connecting', async () => {
    const checked: string[] = [];
    const guard: AddressGuard = {
      check: (ip) => {
        checked.push(ip);
        return new AddressPolicy(['127.0.0.1/32']).check(ip);
      },
    };
    const started = Date.now();
    const result = failure(await make({}, guard).inspect(name('private.example.com')));
    expect(result).to.deep.equal({
      error: 'blocked',
      message: 'private.example.com resolves to 10.0.0.1, which is not allowed (private address)',
    });
    expect(checked).to.deep.equal(['10.0.0.1', '192.168.1.1']);
    expect(Date.now() - started).to.be.below(500);
  });

  it('gives up with timeout within its budget when the server never completes the handshake', async () => {
    const started = Date.now();
    const result = failure(await make({ portMap: { 443: silent.port }, timeoutMs: 400 }).inspect(name('good.example.com')));
    const elapsed = Date.now() - started;
    expect(result).to.deep.equal({ error: 'timeout', message: 'no completed handshake within 400 ms' });
    expect(elapsed).to.be.within(350, 1200);
    expect(silent.accepted()).to.be.at.least(1);
  });

  it("stops at once when the caller's signal aborts", async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 150);
    const started = Date.now();
    const result = failure(await make({ portMap: { 443: silent.port }, timeoutMs: 5000 }).inspect(name('good.example.com'), { signal: controller.signal }));
    expect(result).to.deep.equal({ error: 'timeout', message: 'aborted by the caller' });
    expect(Date.now() - started).to.be.within(100, 1000);
  });

  it('returns timeout without a lookup when the signal has already aborted', async () => {
    dns.clearLog();
    const result = failure(await standard.inspect(name('good.example.com'), { signal: AbortSignal.abort() }));
    expect(result.error).to.equal('timeout');
    expect(dns.queries).to.deep.equal([]);
    expect(site.connections).to.deep.equal([]);
  });

  it('reports a closed port as refused', async () => {
    const result = failure(await make({ portMap: { 443: closedPort } }).inspect(name('good.example.com')));
    expect(result.error).to.equal('refused');
    expect(result.message).to.match(/^ECONNREFUSED: /);
  });

  it('reports a server that hangs up, or speaks plain HTTP, as handshake_failed', async () => {
    const hung = failure(await make({ portMap: { 443: hangUp.port } }).inspect(name('good.example.com')));
    expect(hung.error).to.equal('handshake_failed');
    const plain = failure(await make({ portMap: { 443: site.httpPort } }).inspect(name('good.example.com')));
    expect(plain.error).to.equal('handshake_failed');
    expect(plain.message).to.match(/^(ERR_SSL_|EPROTO)/);
  });

  it('reports DNS failures and names without addresses as dns', async () => {
    const servfail = failure(await standard.inspect(name('servfail.example.com')));
    expect(servfail.error).to.equal('dns');
    expect(servfail.message).to.contain('ESERVFAIL');
    expect(failure(await standard.inspect(name('nodata.example.com')))).to.deep.equal({
      error: 'dns',
      message: 'nodata.example.com has no A or AAAA record',
    });
    expect(failure(await standard.inspect(name('unknown.example.com')))).to.deep.equal({
      error: 'dns',
      message: 'unknown.example.com has no A or AAAA record',
    });
  });
});
