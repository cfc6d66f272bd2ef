import { expect } from 'chai';
import { NodeDnsResolver } from '../../../src/adapters/dns/node-dns-resolver.js';
import { DnsReputationChecks } from '../../../src/adapters/reputation/dns-reputation-checks.js';
import type { DomainName } from '../../../src/domain/domain-name.js';
import { type TestDnsServer, startDnsServer } from '../../support/dns-server.js';

const DBL = 'dbl.lists.example';
const ZEN = 'zen.lists.example';
const name = (text: string) => text as DomainName;

describe('DnsReputationChecks (local DNS server)', () => {
  let dns: TestDnsServer;
  let checks: DnsReputationChecks;

  before(async () => {
    dns = await startDnsServer({
      [`listed.example.com.${DBL}`]: { A: ['127.0.1.5', '127.0.1.2'] },
      'listed.example.com': { TXT: ['google-site-verification=abc', 'v=spf1 ip4:192.0.2.0/24 include:_spf.example.net ~all'] },
      '_dmarc.listed.example.com': { TXT: ['v=DMARC1; p=reject; rua=mailto:dmarc@example.com'] },

      'clean.example.com': { TXT: [['v=spf1 mx a:mail.example.com/24 ', 'ip6:2001:db8::/32 -all']] },
      '_dmarc.clean.example.com': { TXT: ['v=DMARC1;p=Quarantine;pct=50'] },

      [`refused.example.com.${DBL}`]: { A: ['127.255.255.254'] },
      [`hijacked.example.com.${DBL}`]: { A: ['198.51.100.7'] },

      [`broken.example.com.${DBL}`]: { rcode: 'SERVFAIL' },
      'broken.example.com': { rcode: 'SERVFAIL' },
      [`broken.example.com.${ZEN}`]: { A: ['127.0.0.2'] },
      '_dmarc.broken.example.com': { TXT: ['v=DMARC1; p=none'] },

      [`silent.example.com.${DBL}`]: { drop: true },
      'silent.example.com': { drop: true },
      '_dmarc.silent.example.com': { drop: true },

      'bare.example.com': { TXT: ['some-verification=1'] },
      '_dmarc.bare.example.com': { TXT: ['v=dmarc1; p=reject', 'unrelated text'] },

      'sloppy.example.com': { TXT: ['v=spf1 ip4:300.1.1.1 inclde:_spf.example.net -all'] },
      '_dmarc.sloppy.example.com': { TXT: ['v=DMARC1; p=maybe'] },

      'double.example.com': { TXT: ['v=spf1 -all', 'v=spf1 mx -all'] },
      '_dmarc.double.example.com': { TXT: ['v=DMARC1; p=none', 'v=DMARC1; p=reject'] },
    });
    checks = new DnsReputationChecks({ lookupTimeoutMs: 300 }, new NodeDnsResolver({ servers: [dns.address], timeoutMs: 2000, tries: 1 }));
  });

  after(async () => dns?.close());

  beforeEach(() => dns.clearLog());

  it('reports a listing with its lowest return code, SPF and DMARC', async () => {
    const report = await checks.check(name('listed.example.com'), { zones: [DBL, ZEN] });
    expect(report).to.deep.equal({
      blocklists: [
        { zone: DBL, listed: true, code: '127.0.1.2' },
        { zone: ZEN, listed: false },
      ],
      spf: { published: true, record: 'v=spf1 ip4:192.0.2.0/24 include:_spf.example.net ~all' },
      dmarc: { published: true, policy: 'reject', record: 'v=DMARC1; p=reject; rua=mailto:dmarc@example.com' },
    });
    expect(dns.count(`listed.example.com.${DBL}`, 'A')).to.equal(1);
    expect(dns.count('listed.example.com', 'TXT')).to.equal(1);
    expect(dns.count('_dmarc.listed.example.com', 'TXT')).to.equal(1);
  });

  it('joins the character-strings of a record and reads the policy case-insensitively', async () => {
    const report = await checks.check(name('clean.example.com'), { zones: [`${DBL.toUpperCase()}.`] });
    expect(report).to.deep.equal({
      blocklists: [{ zone: `${DBL.toUpperCase()}.`, listed: false }],
      spf: { published: true, record: 'v=spf1 mx a:mail.example.com/24 ip6:2001:db8::/32 -all' },
      dmarc: { published: true, policy: 'quarantine', record: 'v=DMARC1;p=Quarantine;pct=50' },
    });
    expect(dns.count(`clean.example.com.${DBL}`)).to.be.at.least(1);
  });

  it('treats 127.255.255.x as the list refusing the query, and other addresses as unexpected', async () => {
    const refused = await checks.check(name('refused.example.com'), { zones: [DBL] });
    expect(refused.blocklists).to.deep.equal([{ zone: DBL, listed: false, code: '127.255.255.254', error: 'list_error' }]);
    const hijacked = await checks.check(name('hijacked.example.com'), { zones: [DBL] });
    expect(hijacked.blocklists).to.deep.equal([{ zone: DBL, listed: false, error: 'unexpected_answer' }]);
  });

  it('keeps a SERVFAIL to its own verdict: the other lookups still answer', async () => {
    const report = await checks.check(name('broken.example.com'), { zones: [DBL, ZEN] });
    expect(report).to.deep.equal({
      blocklists: [
        { zone: DBL, listed: false, error: 'unavailable' },
        { zone: ZEN, listed: true, code: '127.0.0.2' },
      ],
      spf: { published: false, error: 'unavailable' },
      dmarc: { published: true, policy: 'none', record: 'v=DMARC1; p=none' },
    });
  });

  it('times each dropped lookup out on its own limit, well before the resolver gives up', async () => {
    const started = Date.now();
    const report = await checks.check(name('silent.example.com'), { zones: [DBL, ZEN] });
    const elapsed = Date.now() - started;
    expect(report).to.deep.equal({
      blocklists: [
        { zone: DBL, listed: false, error: 'timeout' },
        { zone: ZEN, listed: false },
      ],
      spf: { published: false, error: 'timeout' },
      dmarc: { published: false, error: 'timeout' },
    });
    expect(elapsed).to.be.within(250, 1000);
  });

  it("ends every pending lookup when the caller's signal aborts", async () => {
    const slow = new DnsReputationChecks({ lookupTimeoutMs: 5000 }, new NodeDnsResolver({ servers: [dns.address], timeoutMs: 5000, tries: 1 }));
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 150);
    const started = Date.now();
    const report = await slow.check(name('silent.example.com'), { zones: [DBL], signal: controller.signal });
    expect(report).to.deep.equal({
      blocklists: [{ zone: DBL, listed: false, error: 'timeout' }],
      spf: { published: false, error: 'timeout' },
      dmarc: { published: false, error: 'timeout' },
    });
    expect(Date.now() - started).to.be.within(100, 1000);
  });

  it('asks nothing when the signal has already aborted', async () => {
    const report = await checks.check(name('listed.example.com'), { zones: [DBL], signal: AbortSignal.abort() });
    expect(report.blocklists).to.deep.equal([{ zone: DBL, listed: false, error: 'timeout' }]);
    expect(report.spf).to.deep.equal({ published: false, error: 'timeout' });
    expect(dns.queries).to.deep.equal([]);
  });

  it('reports absent SPF and DMARC (non-matching TXT records ignored) without an error', async () => {
    const report = await checks.check(name('bare.example.com'), { zones: [] });
    expect(report).to.deep.equal({ blocklists: [], spf: { published: false }, dmarc: { published: false } });
    const unknown = await checks.check(name('nowhere.example.com'), { zones: [] });
    expect(unknown).to.deep.equal({ blocklists: [], spf: { published: false }, dmarc: { published: false } });
  });

  it('reports malformed SPF and DMARC records as not published, with the record', async () => {
    const report = await checks.check(name('sloppy.example.com'), { zones: [] });
    expect(report.spf).to.deep.equal({
      published: false,
      record: 'v=spf1 ip4:300.1.1.1 inclde:_spf.example.net -all',
      error: 'malformed',
    });
    expect(report.dmarc).to.deep.equal({ published: false, record: 'v=DMARC1; p=maybe', error: 'malformed' });
  });

  it('reports several SPF or DMARC records as multiple_records, not published', async () => {
    const report = await checks.check(name('double.example.com'), { zones: [] });
    expect(report.spf).to.deep.equal({ published: false, error: 'multiple_records' });
    expect(report.dmarc).to.deep.equal({ published: false, error: 'multiple_records' });
  });
});
