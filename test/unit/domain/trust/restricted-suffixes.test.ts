import { expect } from 'chai';
import { createRequire } from 'node:module';
import { parse } from 'tldts';
import { BrandCatalog } from '../../../../src/domain/trust/brand-catalog.js';
import { LookalikeDetector } from '../../../../src/domain/trust/lookalike.js';
import { EXCLUDED_SUFFIXES, RESTRICTED_SUFFIX_SOURCE, RESTRICTED_SUFFIXES, restrictedSuffixOf } from '../../../../src/domain/trust/restricted-suffixes.js';

const detector = new LookalikeDetector(BrandCatalog.standard());
const suffixOf = (name: string) => parse(name, { allowPrivateDomains: true }).publicSuffix ?? '';

describe('restricted suffixes: every government, military and academic registry of the PSL', () => {
  it('never calls a name under a country’s government or academic second level a lookalike', () => {
    // The names the issue measured accused (evisa.gov.ge ~ visa.com, login.gob.sv ~ login.gov), and more.
    for (const name of ['evisa.gov.ge', 'login.gob.sv', 'etrade.gov.et', 'cncb.ac.cn', 'paypal.go.th', 'paypa1.gouv.fr', 'amazon.mil.ng', 'visa.edu.gh']) {
      expect(restrictedSuffixOf(suffixOf(name)), name).to.not.equal(undefined);
      expect(detector.judge(name), name).to.deep.include({ lookalikeOf: null });
    }
  });

  it('still judges the same labels under a second level anyone may register', () => {
    // (A one-edit neighbour of a short brand under a country suffix is a local name: see local-names.test.ts.)
    for (const [name, imitated] of [
      ['paypa1.com.ge', 'paypal.com'],
      ['login.com.sv', 'login.gov'],
      ['cnbc-news.com.cn', 'cnbc.com'],
    ] as const) {
      expect(detector.judge(name).lookalikeOf, name).to.equal(imitated);
    }
  });

  it('still judges names under the second levels it left out as open or unsure', () => {
    for (const name of ['paypal.go.it', 'paypa1.edu.pl', 'paypa1.edu.es', 'paypal.ac.im', 'paypa1.com.ac', 'paypa1.gov.ac']) {
      expect(restrictedSuffixOf(suffixOf(name)), name).to.equal(undefined);
      expect(detector.judge(name).lookalikeOf, name).to.equal('paypal.com');
    }
    for (const suffix of ['go.it', 'edu.pl', 'edu.es', 'ac.im', 'gov.ac']) {
      expect(EXCLUDED_SUFFIXES.find((e) => e.suffix === suffix)?.why, suffix).to.match(/^(open|not sure|not a registry)/);
    }
  });

  it('gives every entry its registry, its policy and a source: its PSL rule or the registry rules the PSL names', () => {
    for (const entry of RESTRICTED_SUFFIXES) {
      expect(entry.registry, entry.suffix).to.match(/\S/);
      expect(entry.policy, entry.suffix).to.match(/\S/);
      expect(entry.source.psl ?? entry.source.reference, entry.suffix).to.match(/^(Public Suffix List, ICANN section|https?:\/\/)/);
    }
    for (const excluded of EXCLUDED_SUFFIXES) expect(excluded.why, excluded.suffix).to.match(/\S/);
    const restricted = new Set(RESTRICTED_SUFFIXES.map((e) => e.suffix));
    expect(restricted.size).to.equal(RESTRICTED_SUFFIXES.length);
    expect(EXCLUDED_SUFFIXES.filter((e) => restricted.has(e.suffix))).to.deep.equal([]);
  });

  it('was generated from the PSL the product parses names with (regenerate it when tldts changes)', () => {
    const { version } = createRequire(import.meta.url)('tldts/package.json') as { version: string };
    expect(RESTRICTED_SUFFIX_SOURCE.psl).to.equal(`Public Suffix List, ICANN section, as bundled in tldts ${version}`);
    // Each entry's rule is one tldts knows: a name under it has that suffix, or one below it.
    for (const entry of RESTRICTED_SUFFIXES.filter((e) => e.source.psl)) {
      expect(restrictedSuffixOf(suffixOf(`example.${entry.suffix}`)), entry.suffix).to.equal(entry);
    }
  });
});
