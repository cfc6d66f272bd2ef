import { expect } from 'chai';
import fc from 'fast-check';
import { domainToUnicode } from 'node:url';
import { BrandCatalog } from '../../../../src/domain/trust/brand-catalog.js';
import { mixedScripts, skeleton } from '../../../../src/domain/trust/confusables.js';
import { editDistance, isOneEditAway } from '../../../../src/domain/trust/edit-distance.js';
import { judgeBrand, LookalikeDetector, NO_LOOKALIKE } from '../../../../src/domain/trust/lookalike.js';

const detector = new LookalikeDetector(BrandCatalog.standard());
// What the adapter does before asking: decode punycode labels the way browsers display them.
const check = (domain: string) => detector.check(domain, domainToUnicode(domain));

describe('lookalike detection', () => {
  describe('finds the brand a name imitates', () => {
    const positives: readonly (readonly [string, string, string])[] = [
      ['paypa1.com', 'paypal.com', 'look-alike characters'],
      ['paypall.com', 'paypal.com', 'one typo'],
      ['pyapal.com', 'paypal.com', 'one typo'],
      ['paypl.com', 'paypal.com', 'one typo'],
      ['paypak.com', 'paypal.com', 'one typo'],
      ['g00gle.com', 'google.com', 'look-alike characters'],
      ['rnicrosoft.com', 'microsoft.com', 'look-alike characters'],
      ['vvellsfargo.com', 'wellsfargo.com', 'look-alike characters'],
      ['pay-pal.com', 'paypal.com', 'look-alike characters'],
      ['paypal.co', 'paypal.com', 'under another suffix'],
      ['paypal.github.io', 'paypal.com', 'under another suffix'],
      ['secure.paypal.com.account-check.net', 'paypal.com', 'in front of another domain'],
      ['login.amazon.co.uk.example.org', 'amazon.co.uk', 'in front of another domain'],
    ];
    for (const [domain, brand, why] of positives) {
      it(`${domain} imitates ${brand}`, () => {
        const found = check(domain);
        expect(found.lookalikeOf).to.equal(brand);
        expect(found.reason).to.contain(why);
      });
    }

    it('decodes Cyrillic аpple (xn--pple-43d.com) and flags it as mixed-script apple.com', () => {
      expect(domainToUnicode('xn--pple-43d.com').codePointAt(0)).to.equal(0x430);
      expect(check('xn--pple-43d.com')).to.deep.equal({
        lookalikeOf: 'apple.com',
        reason: 'xn--pple-43d.com (\u0430pple.com) mixes Latin and Cyrillic letters to imitate apple.com.',
      });
    });

    it('flags an all-Cyrillic spelling of apple as look-alike characters', () => {
      const found = detector.check('xn--80ak6aa92e.com', '\u0430\u0440\u0440\u04cf\u0435.com');
      expect(found.lookalikeOf).to.equal('apple.com');
      expect(found.reason).to.contain('look-alike characters');
    });

    it('flags a label mixing Latin and Greek even when it imitates no brand', () => {
      const found = detector.check('xn--exaple-yze.com', 'exa\u03bcple.com');
      expect(found.lookalikeOf).to.equal(null);
      expect(found.reason).to.equal('xn--exaple-yze.com (exa\u03bcple.com) mixes Latin and Greek letters in one label.');
    });
  });

  describe('leaves alone', () => {
    const negatives = [
      'paypal.com',
      'sub.paypal.com',
      'amazon.de',
      'www.google.co.uk',
      'example.com',
      // Short brand labels are matched only by look-alike characters: ebay, visa and hsbc have
      // many one-edit neighbours that are real, unrelated names.
      'ebey.com',
      'vise.com',
      'hsbx.com',
      // Everyday-word brands: neighbours and other suffixes are usually unrelated.
      'apply.com',
      'chose.com',
      'delta.org',
      'target.net',
    ];
    for (const domain of negatives) {
      it(domain, () => {
        expect(check(domain)).to.deep.equal(NO_LOOKALIKE);
      });
    }

    it('names under a bare public suffix or without one', () => {
      expect(check('co.uk')).to.deep.equal(NO_LOOKALIKE);
      expect(check('localhost')).to.deep.equal(NO_LOOKALIKE);
    });
  });

  it('judges a catalog brand known and anything else by the detector', () => {
    expect(judgeBrand('www.paypal.com', detector)).to.deep.equal({ knownBrand: true, lookalikeOf: null, reason: null });
    expect(judgeBrand('paypa1.com', detector)).to.deep.include({ knownBrand: false, lookalikeOf: 'paypal.com' });
    expect(judgeBrand('example.com', detector)).to.deep.equal({ knownBrand: false, lookalikeOf: null, reason: null });
  });

  it('treats operator brands like built-in ones', () => {
    const own = new LookalikeDetector(BrandCatalog.standard(['acmebank.com']));
    expect(own.check('acmebnak.com').lookalikeOf).to.equal('acmebank.com');
    expect(own.check('acmebank.com')).to.deep.equal(NO_LOOKALIKE);
  });

  it('checks 1,000 domains in well under a second', () => {
    const domains = Array.from({ length: 1000 }, (_, i) => `candidate-${i % 97}x${i}.com`);
    domains.push('paypa1.com', 'g00gle.com');
    const start = performance.now();
    for (const domain of domains) detector.check(domain);
    expect(performance.now() - start).to.be.below(1000);
  });

  describe('confusable skeletons', () => {
    it('folds homoglyphs, look-alike digits, rn, vv, accents and hyphens', () => {
      expect(skeleton('\u0430\u0440\u0440\u04cf\u0435')).to.equal('apple');
      expect(skeleton('g00gle')).to.equal('google');
      expect(skeleton('rnicrosoft')).to.equal('microsoft');
      expect(skeleton('vvise')).to.equal('wise');
      expect(skeleton('p\u00e4yp\u00e1l')).to.equal('paypal');
      expect(skeleton('pay-pal')).to.equal('paypal');
      expect(skeleton('\u03c1\u03b1\u03c5\u03c1\u03b1l')).to.equal('paupal');
    });

    it('finds mixed scripts, not single ones', () => {
      expect(mixedScripts('\u0430pple')).to.deep.equal(['Latin', 'Cyrillic']);
      expect(mixedScripts('\u043f\u0440\u0438\u043c\u0435\u0440')).to.equal(null);
      expect(mixedScripts('example-1')).to.equal(null);
    });
  });

  describe('one Damerau-Levenshtein edit', () => {
    it('covers insertion, deletion, substitution and transposition, and nothing else', () => {
      expect(isOneEditAway('paypal', 'paypall')).to.equal(true);
      expect(isOneEditAway('paypal', 'paypl')).to.equal(true);
      expect(isOneEditAway('paypal', 'paypa1')).to.equal(true);
      expect(isOneEditAway('paypal', 'pyapal')).to.equal(true);
      expect(isOneEditAway('paypal', 'paypal')).to.equal(false);
      expect(isOneEditAway('paypal', 'pyapl')).to.equal(false);
      expect(isOneEditAway('paypal', 'apypla')).to.equal(false);
    });

    it('agrees with the full distance', () => {
      const word = fc.string({ unit: fc.constantFrom('a', 'b', 'c'), maxLength: 7 });
      fc.assert(
        fc.property(word, word, (a, b) => isOneEditAway(a, b) === (editDistance(a, b) === 1)),
        { numRuns: 2000 },
      );
    });
  });
});
