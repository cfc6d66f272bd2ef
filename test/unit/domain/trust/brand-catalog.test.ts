import { expect } from 'chai';
import { getDomain, parse } from 'tldts';
import { BrandCatalog, parseCatalogEntry } from '../../../../src/domain/trust/brand-catalog.js';
import { BRAND_DOMAINS, GENERIC_BRAND_LABELS, WORD_BRAND_LABELS } from '../../../../src/domain/trust/brand-domains.js';
import { looseSkeleton, skeleton } from '../../../../src/domain/trust/confusables.js';
import { isOneEditAway } from '../../../../src/domain/trust/edit-distance.js';
import { EVERYDAY_WORDS, NAMESAKE_DOMAINS } from '../../../../src/domain/trust/everyday-words.js';

const label = (domain: string) => parse(domain, { allowPrivateDomains: true }).domainWithoutSuffix!;

describe('brand catalog', () => {
  describe('built-in data', () => {
    const catalog = BrandCatalog.standard();

    it('parses every line, and lists at least 350 brands owning at least 800 domains', () => {
      expect(catalog.rejected).to.deep.equal([]);
      expect(catalog.brands.length).to.be.at.least(350);
      expect(catalog.size).to.be.at.least(800);
    });

    it('writes every domain once, lower case and registrable, so that no domain has two owners', () => {
      const written = BRAND_DOMAINS.filter((l) => !l.startsWith('allow:')).flatMap((l) => l.replace(':', ' ').split(/\s+/));
      expect(written.filter((d, i) => written.indexOf(d) !== i)).to.deep.equal([]);
      const wrong = written.filter((d) => d !== d.toLowerCase() || getDomain(d, { allowPrivateDomains: true }) !== d);
      expect(wrong).to.deep.equal([]);
    });

    it('lists word and generic labels once each, all of them labels of brands, generic ones among the words', () => {
      const labels = new Set(catalog.domains.map(label));
      for (const list of [WORD_BRAND_LABELS, GENERIC_BRAND_LABELS]) {
        expect(new Set(list).size).to.equal(list.length);
        expect(list.filter((l) => !labels.has(l))).to.deep.equal([]);
      }
    });

    it('allows only everyday words near a brand label that are not themselves catalog labels', () => {
      const mains = catalog.brands.map((b) => label(b.main));
      const labels = new Set(catalog.domains.map(label));
      expect(new Set(EVERYDAY_WORDS).size).to.equal(EVERYDAY_WORDS.length);
      expect(EVERYDAY_WORDS.filter((w) => labels.has(w))).to.deep.equal([]);
      const near = (w: string) =>
        mains.some((m) => isOneEditAway(w, m) || isOneEditAway(w, skeleton(m)) || looseSkeleton(w) === looseSkeleton(m) || w.includes(m));
      expect(EVERYDAY_WORDS.filter((w) => !near(w))).to.deep.equal([]);
      expect([...catalog.allowedWords].sort()).to.deep.equal([...EVERYDAY_WORDS].sort());
    });

    it('allows namesakes that share or nearly share a brand label, none of them owned', () => {
      expect([...catalog.allowedDomains]).to.deep.equal([...NAMESAKE_DOMAINS]);
      expect(NAMESAKE_DOMAINS.filter((d) => catalog.has(d))).to.deep.equal([]);
    });
  });

  describe('organisations', () => {
    const catalog = BrandCatalog.standard();

    it("knows a brand's main, country and sister domains and their subdomains as that brand", () => {
      for (const domain of ['google.com', 'www.google.ru', 'yahoo.co.jp', 'mozilla.com', 'wordpress.org', 'login.wikimedia.org']) {
        expect(catalog.isKnownBrand(domain), domain).to.equal(true);
      }
      expect(catalog.mainDomainOf('google.ru')).to.equal('google.com');
      expect(catalog.mainDomainOf('wikimedia.org')).to.equal('wikipedia.org');
      expect(catalog.mainDomainOf('mozilla.com')).to.equal('mozilla.org');
      expect(catalog.mainDomainOf('example.com')).to.equal(null);
    });

    it('knows a catalog domain and its subdomains, ignoring case and a trailing dot', () => {
      expect(catalog.isKnownBrand('www.PayPal.com.')).to.equal(true);
      expect(catalog.isKnownBrand('a.b.amazon.co.uk')).to.equal(true);
      expect(catalog.brandOf('signin.ebay.de')).to.equal('ebay.de');
    });

    it('does not know other names, lookalikes, unlisted suffixes or hosts under a private suffix', () => {
      expect(catalog.isKnownBrand('example.com')).to.equal(false);
      expect(catalog.isKnownBrand('paypa1.com')).to.equal(false);
      expect(catalog.isKnownBrand('paypal.co')).to.equal(false);
      expect(catalog.isKnownBrand('google.xyz')).to.equal(false);
      expect(catalog.isKnownBrand('paypal.com.evil.net')).to.equal(false);
      expect(catalog.isKnownBrand('paypal.github.io')).to.equal(false);
      expect(catalog.isKnownBrand('not a domain')).to.equal(false);
    });
  });

  describe('lines of BRAND_CATALOG_FILE', () => {
    it('parses the three forms and comments', () => {
      expect(parseCatalogEntry('  # a comment')).to.deep.equal({ kind: 'skip' });
      expect(parseCatalogEntry('Bank.COM')).to.deep.equal({ kind: 'brand', main: 'bank.com', owned: [], invalid: [] });
      expect(parseCatalogEntry('bank.com: www.bank.de bank.co.uk  # ours')).to.deep.equal({
        kind: 'brand',
        main: 'bank.com',
        owned: ['bank.de', 'bank.co.uk'],
        invalid: [],
      });
      expect(parseCatalogEntry('allow: Ample appel.com')).to.deep.equal({ kind: 'allow', words: ['ample'], domains: ['appel.com'], invalid: [] });
      expect(parseCatalogEntry('bank.com: bank.invalid-tld')).to.deep.include({ kind: 'brand', invalid: ['bank.invalid-tld'] });
      expect(parseCatalogEntry('https://bank.com/')).to.have.property('kind', 'invalid');
      expect(parseCatalogEntry('bank.com:bank.de')).to.have.property('kind', 'invalid');
    });

    it('adds the operator entries, normalized to registrable domains, skipping blanks and comments', () => {
      const catalog = BrandCatalog.standard(['# our partners', '', '  Partner-Bank.EXAMPLE.  ', 'www.shop.co.uk', 'bücher.de']);
      expect(catalog.isKnownBrand('login.partner-bank.example')).to.equal(false);
      expect(catalog.isKnownBrand('login.shop.co.uk')).to.equal(true);
      expect(catalog.isKnownBrand('xn--bcher-kva.de')).to.equal(true);
      expect(catalog.domains).to.include.members(['shop.co.uk', 'xn--bcher-kva.de']);
      expect(catalog.rejected).to.deep.equal(['Partner-Bank.EXAMPLE.']);
      expect(catalog.size).to.equal(BrandCatalog.standard().size + 2);
    });

    it('merges a second line of a brand, and keeps a domain with its first owner', () => {
      const catalog = new BrandCatalog(['bank.com: bank.de', 'bank.com: bank.fr', 'other.com: bank.de other.de', 'bank.fr: bank.it']);
      expect(catalog.brands).to.deep.equal([
        { main: 'bank.com', domains: ['bank.com', 'bank.de', 'bank.fr', 'bank.it'] },
        { main: 'other.com', domains: ['other.com', 'other.de'] },
      ]);
    });

    it('rejects bare public suffixes and URLs, and keeps one copy of duplicates', () => {
      const catalog = new BrandCatalog(['co.uk', 'https://bank.example.com/', 'bank.com', 'BANK.com', 'www.bank.com']);
      expect(catalog.domains).to.deep.equal(['bank.com']);
      expect(catalog.rejected).to.deep.equal(['co.uk', 'https://bank.example.com/']);
    });
  });
});
