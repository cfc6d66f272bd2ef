import { expect } from 'chai';
import { loadConfig } from '../../../src/adapters/config/load-config.js';
import { SystemTimers } from '../../../src/adapters/clock/system-timers.js';
import { ReadAheadCaches } from '../../../src/application/caching/read-ahead.js';
import { RegistryReadCache } from '../../../src/application/caching/registry-read-cache.js';
import { AssessTrust } from '../../../src/application/trust/assess-trust.js';
import { BrandJudge } from '../../../src/application/trust/brand-judge.js';
import { LiveObservations } from '../../../src/application/trust/live-observations.js';
import { ObservationCache } from '../../../src/application/trust/observation-cache.js';
import { OwnershipCache } from '../../../src/application/trust/ownership-cache.js';
import { VerifyDomain } from '../../../src/application/verdict/verify-domain.js';
import { trustView } from '../../../src/application/views/trust-view.js';
import { verdictPageView } from '../../../src/application/views/verdict-page-view.js';
import { FakeTrustSources, InMemoryTrustObservationStore } from '../../fakes/fake-trust-sources.js';
import { FixedClock } from '../../fakes/fixed-clock.js';
import { InMemoryRegistry } from '../../fakes/in-memory-registry.js';
import { aBlock, aNewEntity } from '../../support/builders.js';
import { firstObservations, ownershipParts } from '../../support/ownership-parts.js';

const BASE = 'https://v.example';

// The verdict page says what the signals=true answer says, in sentences, for every kind of verdict.
describe('the verdict page view', () => {
  let registry: InMemoryRegistry;
  let assess: AssessTrust;

  beforeEach(() => {
    const clock = new FixedClock('2026-09-01T00:00:00.000Z');
    registry = new InMemoryRegistry();
    const sources = new FakeTrustSources();
    const store = new InMemoryTrustObservationStore();
    const config = loadConfig({});
    const observations = new ObservationCache(clock);
    const live = new LiveObservations(store, observations, sources, sources, sources, config, new SystemTimers());
    const verify = new VerifyDomain(registry, new RegistryReadCache(clock), clock, new ReadAheadCaches(observations, new OwnershipCache(clock)));
    assess = new AssessTrust(
      verify,
      store,
      observations,
      live,
      new BrandJudge(config, { toUnicode: (d: string) => d }),
      clock,
      config,
      ownershipParts(clock).ownership,
      firstObservations(),
    );
  });

  const pageOf = async (domain: string, external = false) => verdictPageView(trustView(await assess.run(domain, { external }), BASE), BASE);

  it('names the entity of a verified domain, with every signal and the page links', async () => {
    await registry.create(aNewEntity({ name: 'Acme Widgets', domain: 'acme.com', type: 'business', expiresAt: '2027-01-01T00:00:00.000Z' }));
    const page = await pageOf('acme.com', true);
    expect(page.sentence).to.equal('acme.com is verified: it belongs to Acme Widgets (business, level verified), a registered entity, until 2027-01-01.');
    expect(page.signals.map((s) => s.name)).to.deep.equal(['registry', 'brand', 'domain_age', 'ssl', 'external']);
    expect(page.signals[0]).to.include({ score: 30, max: 40, words: 'A registered entity vouches for the name (level verified).' });
    expect(page.links).to.deep.include({ page: `${BASE}/domains/acme.com`, history: `${BASE}/reports?domain=acme.com`, badge: `${BASE}/badge/acme.com.svg` });
  });

  it('says a lookalike imitates the brand, and the signal says so too, never "not like one"', async () => {
    const page = await pageOf('paypa1.com');
    expect(page.sentence).to.equal('paypa1.com is not verified, and it looks like paypal.com.');
    expect(page.lookalike).to.include({ of: 'paypal.com' });
    expect(page.signals.find((s) => s.name === 'brand')!.words).to.match(/^Looks like paypal\.com/);
    expect(page.guidance.requiresHuman).to.equal(true);
    expect(page.guidance.allows).to.equal('Nothing is safe for an agent to do without asking a person.');
  });

  it('leads with the looks that failed, not with the action they leave: the score is a lower bound', async () => {
    const view = trustView(await assess.run('example.net', { external: false }), BASE);
    const failed = { ...view, answer: { ...view.answer, evidence: { complete: true, failed: ['domain_age', 'ssl'], pending: [] } } } as typeof view;
    const page = verdictPageView(failed, BASE);
    expect(page).to.include({ label: 'Could not look', tone: 'neutral' });
    expect(page.headline).to.equal('We could not finish looking at example.net: its score is a lower bound, not a judgement of the site.');
    expect(page.lookNow).to.equal(true);
  });

  it('leads a lookalike with its warning even while a look is pending: no look can lift it above FLAG', async () => {
    const view = trustView(await assess.run('paypa1.com', { external: false }), BASE);
    const pending = {
      ...view,
      answer: { ...view.answer, evidence: { complete: false, failed: [], pending: ['domain_age', 'ssl'], retry_after_seconds: 12 } },
    } as typeof view;
    const page = verdictPageView(pending, BASE);
    expect(page.label).to.not.equal('Still looking');
    expect(page.tone).to.equal('bad');
    expect(page.headline).to.not.match(/still looking/i);
  });

  it('gives the block reason, and an expired verification in the EXPIRED message', async () => {
    await registry.add([aBlock('scam.com', 'phishing kit')]);
    const blocked = await pageOf('login.scam.com');
    expect(blocked).to.include({
      label: 'Do not go ahead',
      tone: 'bad',
      headline: 'Do not deal with login.scam.com: the operator of this registry blocked it.',
      lookNow: false,
    });
    expect(blocked.sentence).to.equal("login.scam.com is blocked by this registry's operator: phishing kit.");
    expect(blocked.signals).to.deep.equal([]);
    expect(blocked.readiness).to.equal(null);
    await registry.create(aNewEntity({ name: 'Old Co', domain: 'old.com', expiresAt: '2026-01-01T00:00:00.000Z' }));
    const expired = await pageOf('old.com');
    expect(expired.sentence).to.match(/^The verification of old\.com by Old Co \(ent_[a-z0-9]+\) expired at 2026-01-01T00:00:00\.000Z; it is not verified\.$/);
  });

  it('heads with one state, in words and colour: still looking while evidence is pending, then what the guidance says', async () => {
    await registry.create(aNewEntity({ name: 'Acme Widgets', domain: 'acme.com', type: 'business', expiresAt: '2027-01-01T00:00:00.000Z' }));
    const pending = await pageOf('acme.com');
    expect(pending).to.include({
      label: 'Still looking',
      tone: 'neutral',
      headline: 'We are still looking at acme.com: ask again in 12 seconds.',
      askAgainSeconds: 12,
      lookNow: true,
    });
    expect(pending.why).to.include('Until the look ends, agents are told: ask a person (FLAG).');
    expect(pending.signals.find((s) => s.name === 'domain_age')!.words).to.equal('Being looked at now: the result should be here within 12 seconds.');
    const looked = await pageOf('acme.com', true);
    expect(looked).to.include({ label: 'Go ahead with care', tone: 'caution', lookNow: false, askAgainSeconds: undefined });
    expect(looked.why).to.deep.equal([
      'acme.com is verified: it belongs to Acme Widgets (business, level verified), a registered entity, until 2027-01-01.',
      'Its trust score is 66 of 100 (medium).',
      'Agents are told: go ahead with care (CAUTION).',
      'Safe for an agent to do without asking: API calls, sharing data, up to 100 USD a transaction.',
    ]);
    expect(await pageOf('nobody.example.net', true)).to.include({
      label: 'Ask a person',
      tone: 'caution',
      headline: 'A person should decide before an agent deals with nobody.example.net.',
    });
    // No word of the page names a request parameter: "Look now" is the page's way to ask.
    for (const page of [pending, looked])
      expect(JSON.stringify([page.why, page.signals.map((s) => [s.title, s.words]), page.headline])).to.not.match(/external=|signals=|domain_age|POST /);
  });

  it('calls a name nobody vouches for not verified, and a brand domain a known brand', async () => {
    expect((await pageOf('nobody.example.net')).sentence).to.equal('nobody.example.net is not verified: no registered entity vouches for it.');
    expect((await pageOf('paypal.com')).sentence).to.match(/^paypal\.com is not a registered entity, but it is a domain of a known brand/);
  });
});
