import { expect } from 'chai';
import { domainToUnicode } from 'node:url';
import { BrandCatalog } from '../../../../src/domain/trust/brand-catalog.js';
import { judgeBrand, LookalikeDetector, withPopularity } from '../../../../src/domain/trust/lookalike.js';
import { isPopularityStale, outranks, popularStanding, PopularityList } from '../../../../src/domain/trust/popularity.js';
import { brandSignal } from '../../../../src/domain/trust/trust-signals.js';

const detector = new LookalikeDetector(BrandCatalog.standard());
const list = PopularityList.of('Test list', '2026-08-10', [
  ['windowsupdate.com', 200],
  ['amazontrust.com', 1000],
  ['google.us', 1000],
  ['aliexpress.ru', 5000],
  ['google.com', 200],
  ['amazontrust.com', 2000],
]);
const judged = (domain: string, registeredAt: string | null = null) => {
  const registrable = domain.split('.').slice(-2).join('.');
  return withPopularity(judgeBrand(domain, detector, domainToUnicode(domain)), popularStanding(list.rank(registrable), registeredAt));
};

describe('popularity as evidence against impersonation', () => {
  it('holds names sorted and finds each with its smallest bucket', () => {
    expect(list.size).to.equal(5);
    expect(list.rank('amazontrust.com')).to.deep.equal({ source: 'Test list', bucket: 1000, asOf: '2026-08-10' });
    expect(list.rank('amazon-trust.com')).to.equal(undefined);
  });

  for (const name of ['windowsupdate.com', 'amazontrust.com', 'google.us', 'aliexpress.ru', 'cdn.amazontrust.com']) {
    it(`${name}, a listed name the rules would accuse, is no lookalike and says where it is listed`, () => {
      expect(judgeBrand(name, detector).lookalikeOf, 'accused without the list').to.not.equal(null);
      const finding = judged(name);
      expect(finding).to.include({ knownBrand: false, lookalikeOf: null, reason: null });
      expect(brandSignal(finding).popular).to.include({ source: 'Test list', as_of: '2026-08-10', exempt: true });
    });
  }

  for (const [name, target] of [
    ['twiter.com', 'x.com'],
    ['paypa1.com', 'paypal.com'],
    ['paypal-login.com', 'paypal.com'],
  ] as const) {
    it(`${name}, not listed, is still a lookalike`, () => {
      const finding = judged(name);
      expect(finding.lookalikeBrand ?? finding.lookalikeOf).to.equal(target);
      expect(brandSignal(finding).popular).to.equal(undefined);
    });
  }

  it('a catalog brand stays a known brand and says where it is listed', () => {
    const finding = judged('google.com');
    expect(finding.knownBrand).to.equal(true);
    expect(brandSignal(finding).popular?.bucket).to.equal(200);
  });

  describe('a lookalike is declared only against a target more popular than the name', () => {
    it('no brand outranks a listed name; every catalog brand outranks one that is not listed', () => {
      expect(outranks(popularStanding(list.rank('amazontrust.com'), null))).to.equal(false);
      expect(outranks(undefined)).to.equal(true);
    });
  });

  describe('no exemption for a name registered after the list', () => {
    it('a listed name with a stored registration date after the list is judged as new, and the signal says why', () => {
      const finding = judged('amazontrust.com', '2026-09-01T00:00:00Z');
      expect(finding.lookalikeOf).to.equal('amazon.com');
      const signal = brandSignal(finding);
      expect(signal.popular).to.deep.equal({ source: 'Test list', bucket: 1000, as_of: '2026-08-10', exempt: false, registered_at: '2026-09-01T00:00:00Z' });
      expect(signal.reason).to.match(/registered 2026-09-01, after that list: a dropped name caught by someone else is judged as any new name/);
    });

    it('a registration on or before the list day, or none stored, keeps the exemption', () => {
      expect(popularStanding(list.rank('google.us'), '2026-08-10T23:00:00Z')?.kind).to.equal('popular');
      expect(popularStanding(list.rank('google.us'), '2004-03-01T00:00:00Z')?.kind).to.equal('popular');
      expect(popularStanding(list.rank('google.us'), null)?.kind).to.equal('popular');
      expect(popularStanding(list.rank('google.us'), '2026-08-11T00:00:00Z')?.kind).to.equal('re_registered');
      expect(popularStanding(undefined, '2026-08-11T00:00:00Z')).to.equal(undefined);
    });
  });

  it('a list is stale past six months', () => {
    expect(isPopularityStale('2026-08-10', new Date('2027-02-10T00:00:00Z'))).to.equal(false);
    expect(isPopularityStale('2026-08-10', new Date('2027-02-11T00:00:00Z'))).to.equal(true);
  });
});
