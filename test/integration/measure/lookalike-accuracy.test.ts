import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { loadConfig } from '../../../src/adapters/config/load-config.js';
import { BrandCatalog } from '../../../src/domain/trust/brand-catalog.js';
import { BRAND_DOMAINS, WORD_BRAND_LABELS } from '../../../src/domain/trust/brand-domains.js';
import { LookalikeDetector } from '../../../src/domain/trust/lookalike.js';
import {
  catalogTargets,
  dataLines,
  dnstwistPermutations,
  dnstwistPython,
  measure,
  percent,
  type Measurement,
  type Rate,
} from '../../support/lookalike-measure.js';

// Lookalike accuracy measured on data the catalog was not built from (see docs/trust-scoring.md, "How accurate is
// the lookalike check"):
// - attacks: permutations made by dnstwist (Debian's package, an independent generator), every
//   family it has, of every catalog brand, every domain a brand owns under a name of its own, and
//   20 brands that exist only in an operator's BRAND_CATALOG_FILE written here;
// - innocents: 10,502 popular registrable domains, Tranco ranks 5,001 to 15,518
//   (test/data/lookalike-measure/ranked-domains.txt names the source).
// The goals are the product's: at least 97% of permutations overall, 93% in every family and 90% for
// every brand; at most 0.3% of the innocents accused, none under a restricted suffix. Not all are met
// yet (docs/trust-scoring.md, "How accurate is the lookalike check", says which and why): the test prints each
// figure beside its goal, asserts the goals that are met, and holds the others at the floors reached,
// so that no change makes them worse. Raise a floor whenever a change lifts its figure.
const PER_FAMILY = 40;
const MIN_PER_BRAND = 20;
const GOALS = { overall: 0.97, family: 0.93, brand: 0.9, innocents: 0.003 };
const FLOORS = { overall: 0.94, family: 0.85, brandOfFourOrMore: 0.7, innocents: 0.028, familyOfFive: 0.93, brandOfFive: 0.85 };

const python = dnstwistPython();

(python ? describe : describe.skip)('lookalike accuracy on dnstwist permutations and a public ranking (data the catalog was not built from)', function () {
  this.timeout(300_000);
  let result: Measurement;
  let operatorBrands: string[];

  before(() => {
    const dir = mkdtempSync(join(tmpdir(), 'vetted-measure-'));
    try {
      // Through the configuration, as an operator's file is read at start-up.
      const file = join(dir, 'brands.txt');
      copyFileSync(new URL('../../data/lookalike-measure/operator-brands.txt', import.meta.url), file);
      const config = loadConfig({ BRAND_CATALOG_FILE: file, DATABASE_URL: `sqlite:${join(dir, 'v.sqlite')}` });
      const catalog = new BrandCatalog([...BRAND_DOMAINS, ...config.extraBrandDomains], WORD_BRAND_LABELS);
      operatorBrands = new BrandCatalog([...config.extraBrandDomains]).brands.map((b) => b.main);
      const attacks = dnstwistPermutations(python!, catalogTargets(catalog), PER_FAMILY);
      result = measure(new LookalikeDetector(catalog), catalog, attacks, dataLines('test/data/lookalike-measure/ranked-domains.txt'));
      report(result, operatorBrands);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it(`catches at least ${FLOORS.overall * 100}% of all permutations (goal ${GOALS.overall * 100}%)`, () => {
    expect(result.attacks.hits / result.attacks.total, percent(result.attacks)).to.be.at.least(FLOORS.overall);
  });

  it(`catches at least ${FLOORS.family * 100}% in every dnstwist family (goal ${GOALS.family * 100}%)`, () => {
    const under = [...result.byFamily].filter(([, r]) => r.hits / r.total < FLOORS.family).map(([f, r]) => `${f} ${percent(r)}`);
    expect(under).to.deep.equal([]);
  });

  // Labels of 5 characters or more get every rule; shorter ones only the plausible slips (docs/trust-scoring.md says
  // why), so their figures are given apart, with the overall goal met and each family held at a floor.
  it(`catches ${GOALS.overall * 100}% of the permutations of names of 5 characters or more (the goal), and ${FLOORS.familyOfFive * 100}% in each family (goal ${GOALS.family * 100}%)`, () => {
    expect(result.ofFive.attacks.hits / result.ofFive.attacks.total, percent(result.ofFive.attacks)).to.be.at.least(GOALS.overall);
    const under = [...result.ofFive.byFamily].filter(([, r]) => r.hits / r.total < FLOORS.familyOfFive).map(([f, r]) => `${f} ${percent(r)}`);
    expect(under).to.deep.equal([]);
  });

  it(`catches at least ${GOALS.brand * 100}% for every brand an operator adds (the goal), ${FLOORS.brandOfFourOrMore * 100}% for every catalog brand named with 4 characters or more, and ${FLOORS.brandOfFive * 100}% with 5 or more (goal ${GOALS.brand * 100}%)`, () => {
    for (const brand of operatorBrands) {
      const rate = result.byBrand.get(brand) ?? { total: 0, hits: 0 };
      expect(rate.total, brand).to.be.above(0);
      expect(rate.hits / rate.total, `${brand} ${percent(rate)}`).to.be.at.least(GOALS.brand);
    }
    // A brand needs enough permutations counted for a rate: dnstwist permutes gouv in impots.gouv.fr,
    // which leaves a handful once the suffix's own permutations are set apart.
    const under = [...result.byBrand]
      .filter(([brand, r]) => brand.split('.')[0]!.length >= 4 && r.total >= MIN_PER_BRAND && r.hits / r.total < FLOORS.brandOfFourOrMore)
      .map(([b, r]) => `${b} ${percent(r)}`);
    expect(under).to.deep.equal([]);
    const underFive = [...result.byBrand]
      .filter(([brand, r]) => brand.split('.')[0]!.length >= 5 && r.total >= MIN_PER_BRAND && r.hits / r.total < FLOORS.brandOfFive)
      .map(([b, r]) => `${b} ${percent(r)}`);
    expect(underFive, `brands of 5 characters or more under ${FLOORS.brandOfFive * 100}%`).to.deep.equal([]);
  });

  it(`accuses none of the popular domains under a restricted suffix (the goal), and at most ${(FLOORS.innocents * 100).toFixed(1)}% of them in all (goal ${(GOALS.innocents * 100).toFixed(1)}%)`, () => {
    expect(result.accusedRestricted).to.deep.equal([]);
    expect(result.innocents.hits / result.innocents.total, percent(result.innocents)).to.be.at.most(FLOORS.innocents);
  });
});

function report(m: Measurement, operatorBrands: readonly string[]): void {
  const line = (name: string, rate: Rate) => `  ${name.padEnd(34)} ${String(rate.hits).padStart(7)} / ${String(rate.total).padEnd(7)} ${percent(rate)}`;
  const out = [
    `  attacks (dnstwist, at most ${PER_FAMILY} per target and family); goals: ${GOALS.overall * 100}% overall, ${GOALS.family * 100}% a family, ${GOALS.brand * 100}% a brand`,
    line('all permutations', m.attacks),
  ];
  for (const [family, rate] of [...m.byFamily].sort()) out.push(line(`family ${family}`, rate));
  out.push(line('names of 5 characters or more', m.ofFive.attacks));
  for (const [family, rate] of [...m.ofFive.byFamily].sort()) out.push(line(`  5+ family ${family}`, rate));
  out.push(`  left out: ${[...m.skipped].map(([why, n]) => `${n} ${why}`).join(', ')}`);
  out.push('  rules: attacks caught / innocents accused');
  for (const [rule, count] of [...m.byRule].sort()) out.push(`  ${`rule ${rule}`.padEnd(34)} ${String(count.caught).padStart(7)} / ${count.accused}`);
  const brands = [...m.byBrand].sort((a, b) => a[1].hits / a[1].total - b[1].hits / b[1].total);
  const under = brands.filter(([, r]) => r.hits / r.total < GOALS.brand);
  const short = under.filter(([b]) => b.split('.')[0]!.length < 4).length;
  out.push(`  brands: ${brands.length}; under the goal: ${under.length} (${short} of them named with 3 characters or fewer); the 10 least protected:`);
  for (const [brand, rate] of brands.slice(0, 10)) out.push(line(`brand ${brand}`, rate));
  for (const brand of operatorBrands) out.push(line(`operator brand ${brand}`, m.byBrand.get(brand) ?? { total: 0, hits: 0 }));
  out.push(line(`innocents accused (Tranco 5,001+; goal ${GOALS.innocents * 100}%)`, m.innocents));
  out.push(`  accused: ${m.accused.map((a) => `${a.domain}~${a.finding.lookalikeOf}`).join(' ')}`);
  console.log(out.join('\n'));
}
