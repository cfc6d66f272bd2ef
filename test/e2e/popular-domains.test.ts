import { expect } from 'chai';
import { KnexTrustObservationStore } from '../../src/adapters/persistence/knex-trust-observation-store.js';
import { databaseKinds } from '../support/test-databases.js';
import { startTestService, type TestService } from '../support/test-service.js';

interface BrandAnswer {
  lookalike_of: string | null;
  reason?: string;
  popular?: { source: string; bucket: number; as_of: string; exempt: boolean; registered_at?: string };
}

describe('the shipped popularity list through GET /verify/{domain}?signals=true', function () {
  this.timeout(30_000);
  let t: TestService;

  before(async () => {
    t = await startTestService(databaseKinds()[0]!, { OBSERVE_LIMIT_PER_MINUTE: '0' });
    // amazontrust.com as if dropped and caught by someone else after the list was made.
    const observedAt = new Date().toISOString();
    await new KnexTrustObservationStore(t.database.db).put('amazontrust.com', 'domain_age', {
      observedAt,
      value: { registeredAt: '2026-09-01T00:00:00.000Z' },
    });
    await t.propagated();
  });
  after(() => t?.stop());

  const brandOf = async (domain: string): Promise<BrandAnswer> =>
    ((await (await t.get(`/verify/${domain}?signals=true`)).json()) as { data: { signals: { brand: BrandAnswer } } }).data.signals.brand;

  for (const domain of ['windowsupdate.com', 'google.us', 'aliexpress.ru']) {
    it(`${domain} is listed, so no lookalike, and its brand signal says where`, async () => {
      const brand = await brandOf(domain);
      expect(brand.lookalike_of).to.equal(null);
      expect(brand.popular).to.include({ as_of: '2026-08-10', exempt: true });
      expect(brand.popular?.source).to.match(/^Cloudflare Radar top 100,000/);
    });
  }

  it('evisa.gov.ge, under a registry that admits only its government, is no lookalike of visa.com', async () => {
    expect((await brandOf('evisa.gov.ge')).lookalike_of).to.equal(null);
  });

  for (const [domain, target] of [
    ['twiter.com', 'twitter.com'],
    ['paypa1.com', 'paypal.com'],
    ['paypal-login.com', 'paypal.com'],
    ['ledgerlive-recovery.com', 'ledger.com'],
  ] as const) {
    it(`${domain}, not listed, is still a lookalike of ${target}`, async () => {
      const brand = await brandOf(domain);
      expect(brand.lookalike_of).to.equal(target);
      expect(brand.popular).to.equal(undefined);
    });
  }

  it('a listed name whose stored registration date is after the list is judged as new, and says why', async () => {
    const brand = await brandOf('amazontrust.com');
    expect(brand.lookalike_of).to.equal('amazon.com');
    expect(brand.popular).to.include({ exempt: false, registered_at: '2026-09-01T00:00:00.000Z' });
    expect(brand.reason).to.match(/after that list: a dropped name caught by someone else is judged as any new name/);
  });

  it('GET /status/ready names the list and whether it is stale', async () => {
    const ready = (await (await t.get('/status/ready')).json()) as { data: { details: { popular_domains: { as_of: string; stale: boolean } } } };
    expect(ready.data.details.popular_domains.as_of).to.equal('2026-08-10');
    expect(ready.data.details.popular_domains.stale).to.be.a('boolean');
  });
});
