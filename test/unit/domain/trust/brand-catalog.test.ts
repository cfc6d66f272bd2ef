import { expect } from 'chai';
import { getDomain } from 'tldts';
import { BrandCatalog } from '../../../../src/domain/trust/brand-catalog.js';
import { BRAND_DOMAINS, WORD_BRAND_LABELS } from '../../../../src/domain/trust/brand-domains.js';

describe('brand catalog', () => {
  describe('built-in data', () => {
    it('lists at least 300 distinct brand domains', () => {
      expect(BRAND_DOMAINS.length).to.be.at.least(300);
      expect(new Set(BRAND_DOMAINS).size).to.equal(BRAND_DOMAINS.length);
    });

    it('lists only lower-case registrable domains', () => {
      const wrong = BRAND_DOMAINS.filter((d) => d !== d.toLowerCase() || getDomain(d, { allowPrivateDomains: true }) !== d);
      expect(wrong).to.deep.equal([]);
    });

    it('lists word labels once each, all of them labels of catalog domains', () => {
      expect(new Set(WORD_BRAND_LABELS).size).to.equal(WORD_BRAND_LABELS.length);
      const labels = new Set(BRAND_DOMAINS.map((d) => d.split('.')[0]));
      expect(WORD_BRAND_LABELS.filter((l) => !labels.has(l))).to.deep.equal([]);
    });
  });

  it('knows a catalog domain and its subdomains, ignoring case and a trailing dot', () => {
    const catalog = BrandCatalog.standard();
    expect(catalog.isKnownBrand('paypal.com')).to.equal(true);
    expect(catalog.isKnownBrand('www.PayPal.com.')).to.equal(true);
    expect(catalog.isKnownBrand('a.b.amazon.co.uk')).to.equal(true);
    expect(catalog.brandOf('signin.ebay.de')).to.equal('ebay.de');
  });

  it('does not know other names, lookalikes, other suffixes or hosts under a private suffix', () => {
    const catalog = BrandCatalog.standard();
    expect(catalog.isKnownBrand('example.com')).to.equal(false);
    expect(catalog.isKnownBrand('paypa1.com')).to.equal(false);
    expect(catalog.isKnownBrand('paypal.co')).to.equal(false);
    expect(catalog.isKnownBrand('paypal.com.evil.net')).to.equal(false);
    expect(catalog.isKnownBrand('anything.googleusercontent.com')).to.equal(true);
    expect(catalog.isKnownBrand('paypal.github.io')).to.equal(false);
    expect(catalog.isKnownBrand('not a domain')).to.equal(false);
  });

  it('adds the operator entries, normalized to registrable domains, skipping blanks and comments', () => {
    const catalog = BrandCatalog.standard(['# our partners', '', '  Partner-Bank.EXAMPLE.  ', 'www.shop.co.uk', 'bücher.de']);
    expect(catalog.isKnownBrand('login.partner-bank.example')).to.equal(false);
    expect(catalog.isKnownBrand('login.shop.co.uk')).to.equal(true);
    expect(catalog.isKnownBrand('xn--bcher-kva.de')).to.equal(true);
    expect(catalog.domains).to.include.members(['shop.co.uk', 'xn--bcher-kva.de']);
    expect(catalog.rejected).to.deep.equal(['Partner-Bank.EXAMPLE.']);
    expect(catalog.size).to.equal(BRAND_DOMAINS.length + 2);
  });

  it('rejects bare public suffixes and URLs, and keeps one copy of duplicates', () => {
    const catalog = new BrandCatalog(['co.uk', 'https://bank.example.com/', 'bank.com', 'BANK.com', 'www.bank.com']);
    expect(catalog.domains).to.deep.equal(['bank.com']);
    expect(catalog.rejected).to.deep.equal(['co.uk', 'https://bank.example.com/']);
  });
});
