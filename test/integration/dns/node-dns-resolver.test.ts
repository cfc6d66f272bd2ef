import { expect } from 'chai';
import { NodeDnsResolver } from '../../../src/adapters/dns/node-dns-resolver.js';
import { AppError } from '../../../src/application/errors.js';
import { type TestDnsServer, answersInTurn, startDnsServer } from '../../support/dns-server.js';

async function rejection(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (error) {
    expect(error).to.be.instanceOf(AppError);
    return error as AppError;
  }
  throw new Error('expected a rejection');
}

describe('NodeDnsResolver (local DNS server)', () => {
  let dns: TestDnsServer;
  let resolver: NodeDnsResolver;

  before(async () => {
    dns = await startDnsServer({
      'shop.example.com': { A: ['127.0.0.1', '127.0.0.2'], AAAA: ['::1'], TXT: ['vetted-verify=abc123', ['v=spf1 ', 'include:x -all']] },
      'v4only.example.com': { A: ['127.0.0.3'] },
      'rotating.example.com': { A: answersInTurn(['127.0.0.2'], ['127.0.0.1']) },
      'long.example.com': { TXT: Array.from({ length: 12 }, (_, i) => `${'x'.repeat(200)}-${i}`) },
      'servfail.example.com': { rcode: 'SERVFAIL' },
      'silent.example.com': { drop: true },
      'zone.example.com': { NS: ['NS1.Brand.example.', 'ns2.brand.example'] },
    });
    resolver = new NodeDnsResolver({ servers: [dns.address], timeoutMs: 200, tries: 1 });
  });

  after(async () => dns?.close());

  it('returns A then AAAA addresses', async () => {
    expect(await resolver.resolveAddresses('shop.example.com')).to.deep.equal(['127.0.0.1', '127.0.0.2', '::1']);
    expect(await resolver.resolveAddresses('v4only.example.com')).to.deep.equal(['127.0.0.3']);
  });

  it('asks the server again on every call (no cache hides a changed answer)', async () => {
    expect(await resolver.resolveAddresses('rotating.example.com')).to.deep.equal(['127.0.0.2']);
    expect(await resolver.resolveAddresses('rotating.example.com')).to.deep.equal(['127.0.0.1']);
  });

  it('resolves an IP literal to itself without a query', async () => {
    dns.clearLog();
    expect(await resolver.resolveAddresses('192.0.2.7')).to.deep.equal(['192.0.2.7']);
    expect(await resolver.resolveAddresses('[2001:db8::7]')).to.deep.equal(['2001:db8::7']);
    expect(dns.queries).to.deep.equal([]);
  });

  it('returns TXT records with their character-strings unjoined', async () => {
    expect(await resolver.resolveTxt('shop.example.com')).to.deep.equal([['vetted-verify=abc123'], ['v=spf1 ', 'include:x -all']]);
  });

  it('returns NS host names in lower case without the trailing dot, and none for a name without any', async () => {
    expect((await resolver.resolveNs('zone.example.com')).sort()).to.deep.equal(['ns1.brand.example', 'ns2.brand.example']);
    expect(await resolver.resolveNs('shop.example.com')).to.deep.equal([]);
    expect(await resolver.resolveNs('nowhere.example.com')).to.deep.equal([]);
    expect((await rejection(resolver.resolveNs('servfail.example.com'))).details).to.deep.include({ dnsCode: 'ESERVFAIL' });
  });

  it('reads a TXT answer too large for UDP (retried over TCP)', async () => {
    const records = await resolver.resolveTxt('long.example.com');
    expect(records).to.have.length(12);
    expect(records.map((r) => r.join('')).sort()[0]).to.equal(`${'x'.repeat(200)}-0`);
  });

  it('answers an empty list for an unknown name or a missing record type', async () => {
    expect(await resolver.resolveAddresses('missing.example.com')).to.deep.equal([]);
    expect(await resolver.resolveTxt('missing.example.com')).to.deep.equal([]);
    expect(await resolver.resolveTxt('v4only.example.com')).to.deep.equal([]);
  });

  it('rejects with SCAN_UNAVAILABLE and the resolver code when the server fails', async () => {
    const error = await rejection(resolver.resolveAddresses('servfail.example.com'));
    expect(error.code).to.equal('SCAN_UNAVAILABLE');
    expect(error.details).to.deep.equal({ dnsCode: 'ESERVFAIL' });
    expect((await rejection(resolver.resolveTxt('servfail.example.com'))).details.dnsCode).to.equal('ESERVFAIL');
  });

  it('gives up on a server that never answers within the configured timeout', async () => {
    const started = Date.now();
    const error = await rejection(resolver.resolveTxt('silent.example.com'));
    expect(error.details.dnsCode).to.equal('ETIMEOUT');
    expect(Date.now() - started).to.be.below(1500);
  });

  it('refuses a malformed server list at construction', () => {
    expect(() => new NodeDnsResolver({ servers: ['not an address'] })).to.throw();
  });
});
