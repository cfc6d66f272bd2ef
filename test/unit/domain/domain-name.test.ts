import { expect } from 'chai';
import fc from 'fast-check';
import { coveringNames, domainName, parseDomainName, registrableDomain, type DomainName } from '../../../src/domain/domain-name.js';

describe('domain names', () => {
  it('normalizes case, one trailing dot, surrounding space and IDN to punycode', () => {
    expect(parseDomainName('  Example.COM. ')).to.deep.equal({ ok: true, name: 'example.com' });
    expect(parseDomainName('bücher.de')).to.deep.equal({ ok: true, name: 'xn--bcher-kva.de' });
    expect(parseDomainName('ＥＸＡＭＰＬＥ．com')).to.deep.equal({ ok: true, name: 'example.com' });
    expect(parseDomainName('sub.example.co.uk')).to.deep.equal({ ok: true, name: 'sub.example.co.uk' });
  });

  const refused: Array<[string, RegExp]> = [
    ['', /empty/],
    ['   ', /empty/],
    ['127.0.0.1', /IP addresses/],
    ['2130706433', /IP addresses|public suffix/],
    ['[::1]', /bare domain/],
    ['::1', /bare domain/],
    ['１２７.０.０.１', /IP addresses/],
    ['example.com:8080', /bare domain/],
    ['example.com/path', /bare domain/],
    ['https://example.com', /bare domain/],
    ['user@example.com', /bare domain/],
    ['exa mple.com', /bare domain/],
    ['example..com', /empty label/],
    ['.example.com', /empty label/],
    [`${'a'.repeat(64)}.com`, /longer than 63/],
    [`${'a.'.repeat(127)}com`, /longer than 253/],
    ['-example.com', /characters/],
    ['exa_mple.com', /characters/],
    ['localhost', /localhost/],
    ['app.localhost', /localhost/],
    ['example.invalidtld', /no known public suffix/],
    ['intranet', /no known public suffix/],
    ['com', /public suffix/],
    ['co.uk', /public suffix/],
    ['gov.uk', /public suffix/],
    ['kawasaki.jp', /public suffix/],
    ['anything.ck', /public suffix/],
    ['x'.repeat(2000), /too long/],
  ];
  for (const [input, reason] of refused) {
    it(`refuses ${JSON.stringify(input.length > 40 ? `${input.slice(0, 20)}…` : input)}`, () => {
      const result = parseDomainName(input);
      expect(result.ok).to.equal(false);
      if (!result.ok) expect(result.reason).to.match(reason);
    });
  }

  it('gives the names whose records cover a host, down to the registrable domain', () => {
    expect(coveringNames(domainName('a.b.example.com'))).to.deep.equal(['a.b.example.com', 'b.example.com', 'example.com']);
    expect(coveringNames(domainName('example.com'))).to.deep.equal(['example.com']);
    expect(coveringNames(domainName('shop.example.co.uk'))).to.deep.equal(['shop.example.co.uk', 'example.co.uk']);
    expect(coveringNames(domainName('me.github.io'))).to.deep.equal(['me.github.io']);
    expect(registrableDomain(domainName('a.me.github.io'))).to.equal('me.github.io');
  });

  // Suffixes of the Public Suffix List's private section: their owners' own sites.
  const PRIVATE_SUFFIXES = [
    'github.io',
    'myshopify.com',
    'blogspot.com',
    'herokuapp.com',
    'ruhr-uni-bochum.de',
    'freedesktop.org',
    'service.gov.uk',
    'gov.scot',
    's3.amazonaws.com',
  ];
  const ICANN_SUFFIXES = ['com', 'io', 'co.uk', 'gov.uk', 'scot', 'pvt.k12.ma.us'];

  it('accepts a private-section suffix as a registrable unit of its own', () => {
    for (const suffix of PRIVATE_SUFFIXES) {
      expect(parseDomainName(`${suffix.toUpperCase()}.`), suffix).to.deep.equal({ ok: true, name: suffix });
      expect(registrableDomain(domainName(suffix)), suffix).to.equal(suffix);
      expect(coveringNames(domainName(suffix)), suffix).to.deep.equal([suffix]);
    }
  });

  it('keeps the names under a private suffix out of its unit, and refuses every ICANN suffix', () => {
    // The prefix keeps generated labels from spelling a suffix of the list (co.io, x0.com).
    const label = fc.stringMatching(/^[a-z0-9]{1,12}$/).map((l) => `vetted-${l}`);
    fc.assert(
      fc.property(fc.array(label, { maxLength: 3 }), fc.constantFrom(...PRIVATE_SUFFIXES, ...ICANN_SUFFIXES), (labels, suffix) => {
        const name = [...labels, suffix].join('.');
        const result = parseDomainName(name);
        if (labels.length === 0 && ICANN_SUFFIXES.includes(suffix)) {
          expect(result).to.deep.equal({ ok: false, reason: 'a public suffix cannot be checked or registered' });
          return;
        }
        expect(result).to.deep.equal({ ok: true, name });
        const unit = registrableDomain(name as DomainName);
        expect(unit).to.equal(labels.length === 0 ? suffix : `${labels.at(-1)}.${suffix}`);
        const covering = coveringNames(name as DomainName);
        expect(covering.at(-1)).to.equal(unit);
        if (labels.length > 0) expect(covering).not.to.include(suffix);
      }),
      { numRuns: 500 },
    );
  });

  it('is idempotent and never throws, for any string', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), (input) => {
        const first = parseDomainName(input);
        if (first.ok) expect(parseDomainName(first.name)).to.deep.equal(first);
      }),
      { numRuns: 2000 },
    );
  });

  it('accepts every well-formed lower-case name under .com and keeps it unchanged', () => {
    const label = fc.stringMatching(/^[a-z0-9]([a-z0-9-]{0,20}[a-z0-9])?$/);
    fc.assert(
      fc.property(fc.array(label, { minLength: 1, maxLength: 4 }), (labels) => {
        const name = `${labels.join('.')}.com`;
        if (/^[0-9.]+\.com$/.test(name)) return;
        expect(parseDomainName(name)).to.deep.equal({ ok: true, name });
      }),
    );
  });
});
