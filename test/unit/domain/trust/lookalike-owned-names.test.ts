import { expect } from 'chai';
import { BrandCatalog } from '../../../../src/domain/trust/brand-catalog.js';
import { LookalikeDetector } from '../../../../src/domain/trust/lookalike.js';
import { RESTRICTED_SUFFIXES, restrictedSuffixOf } from '../../../../src/domain/trust/restricted-suffixes.js';

const detector = new LookalikeDetector(BrandCatalog.standard());

describe('lookalikes of every name a brand owns, and names no impostor can hold', () => {
  it('protects a domain a brand owns under a name of its own, naming the domain and the brand that owns it', () => {
    for (const [name, imitated, brand] of [
      ['twiter.com', 'twitter.com', 'x.com'],
      ['tvvitter.com', 'twitter.com', 'x.com'],
      ['twitter-login.com', 'twitter.com', 'x.com'],
      ['blogger-login.com', 'blogger.com', 'google.com'],
      ['gstatlc.com', 'gstatic.com', 'google.com'],
      ['youtu.be.example.net', 'youtu.be', 'youtube.com'],
      ['g.static.com', 'gstatic.com', 'google.com'],
    ] as const) {
      expect(detector.judge(name), name).to.deep.include({ knownBrand: false, lookalikeOf: imitated, lookalikeBrand: brand });
    }
  });

  it('names the brand a combination contains, even when another brand is one edit away', () => {
    expect(detector.judge('bbc-news.com')).to.deep.include({ lookalikeOf: 'bbc.com', lookalikeBrand: 'bbc.co.uk', rule: 'combination' });
    expect(detector.judge('bbc-cdn.com')).to.deep.include({ lookalikeOf: 'bbc.com', lookalikeBrand: 'bbc.co.uk', rule: 'contained' });
    expect(detector.judge('paypa1.com')).to.deep.include({ lookalikeOf: 'paypal.com', rule: 'homoglyph' });
  });

  it('never calls a name under a registry that admits only its own kind a lookalike', () => {
    for (const name of ['tamu.edu', 'cisa.gov', 'meti.go.jp', 'suny.edu', 'mail.gov.in', 'paypal.gov.uk', 'who.int']) {
      expect(detector.judge(name), name).to.deep.include({ lookalikeOf: null });
    }
  });

  it('allows a namesake under every suffix it uses, and knows every domain on Google’s published list', () => {
    expect(detector.judge('asus.com.cn')).to.deep.include({ lookalikeOf: null });
    expect(detector.judge('asus.de')).to.deep.include({ lookalikeOf: null });
    for (const name of ['google.de', 'google.com.py', 'google.co.ve', 'youtube.com']) expect(detector.judge(name).knownBrand, name).to.equal(true);
  });

  it('keeps each restricted suffix with the registry and the policy that restrict it', () => {
    for (const entry of RESTRICTED_SUFFIXES) {
      expect(entry.registry, entry.suffix).to.match(/\S/);
      expect(entry.policy, entry.suffix).to.match(/\S/);
    }
    expect(restrictedSuffixOf('go.jp')?.registry).to.equal('JPRS');
    expect(restrictedSuffixOf('com.tr')).to.equal(undefined);
    expect(restrictedSuffixOf('edu.es')).to.equal(undefined);
  });
});
