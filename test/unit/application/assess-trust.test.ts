import { ReadAheadCaches } from '../../../src/application/caching/read-ahead.js';
import { OwnershipCache } from '../../../src/application/trust/ownership-cache.js';
import { expect } from 'chai';
import { loadConfig } from '../../../src/adapters/config/load-config.js';
import { RegistryReadCache } from '../../../src/application/caching/registry-read-cache.js';
import { AssessTrust } from '../../../src/application/trust/assess-trust.js';
import { BrandJudge } from '../../../src/application/trust/brand-judge.js';
import { LiveObservations } from '../../../src/application/trust/live-observations.js';
import { ObservationCache } from '../../../src/application/trust/observation-cache.js';
import { VerifyDomain } from '../../../src/application/verdict/verify-domain.js';
import { trustView } from '../../../src/application/views/trust-view.js';
import { FixedClock } from '../../fakes/fixed-clock.js';
import { FakeTrustSources, InMemoryTrustObservationStore } from '../../fakes/fake-trust-sources.js';
import { SystemTimers } from '../../../src/adapters/clock/system-timers.js';
import { InMemoryRegistry } from '../../fakes/in-memory-registry.js';
import { aBlock, aNewEntity } from '../../support/builders.js';
import { firstObservations, ownershipParts } from '../../support/ownership-parts.js';

const idna = { toUnicode: (d: string) => (d === 'xn--pple-43d.com' ? 'аpple.com' : d) };

describe('AssessTrust', () => {
  let clock: FixedClock;
  let registry: InMemoryRegistry;
  let sources: FakeTrustSources;
  let store: InMemoryTrustObservationStore;
  let observations: ObservationCache;
  let assess: AssessTrust;

  beforeEach(() => {
    clock = new FixedClock('2026-09-01T00:00:00.000Z');
    registry = new InMemoryRegistry();
    sources = new FakeTrustSources();
    store = new InMemoryTrustObservationStore();
    const config = loadConfig({ EXTERNAL_DNSBL_ZONES: 'dbl.example.org', EXTERNAL_DEADLINE_MS: '500' });
    observations = new ObservationCache(clock);
    const live = new LiveObservations(store, observations, sources, sources, sources, config, new SystemTimers());
    assess = new AssessTrust(
      new VerifyDomain(registry, new RegistryReadCache(clock), clock, new ReadAheadCaches(observations, new OwnershipCache(clock))),
      store,
      observations,
      live,
      new BrandJudge(config, idna),
      clock,
      config,
      ownershipParts(clock).ownership,
      firstObservations(),
    );
  });

  it('makes no network call without external, and scores what is not stored as not observed', async () => {
    await registry.create(aNewEntity({ domain: 'example.com', level: 'verified', expiresAt: '2027-01-01T00:00:00.000Z' }));
    const { assessment } = await assess.run('example.com', { external: false });
    expect(sources.calls).to.deep.equal({ tls: 0, age: 0, reputation: 0 });
    expect(assessment.signals.registry).to.include({ score: 30, max: 40, verified: true, level: 'verified' });
    expect(assessment.signals.ssl).to.include({ score: 0, observed: false });
    expect(assessment.signals.domain_age).to.include({ score: 0, observed: false });
    expect(assessment.signals.external).to.include({ score: 0, observed: false });
    expect(assessment.trust_score).to.equal(30);
    expect(assessment.trust_level).to.equal('LOW');
    expect(assessment.agent_guidance.action).to.equal('FLAG');
  });

  it('runs the live checks with external, stores them, and reuses them without external while fresh', async () => {
    await registry.create(aNewEntity({ domain: 'example.com', level: 'enterprise', expiresAt: '2027-01-01T00:00:00.000Z' }));
    const live = await assess.run('example.com', { external: true });
    expect(sources.calls).to.deep.equal({ tls: 1, age: 1, reputation: 1 });
    expect(live.assessment.signals.ssl).to.include({ score: 10, valid: true });
    expect(live.assessment.signals.domain_age).to.include({ score: 15, years: 16 });
    expect(live.assessment.signals.external.score).to.be.above(0);
    const stored = await assess.run('example.com', { external: false });
    expect(sources.calls).to.deep.equal({ tls: 1, age: 1, reputation: 1 });
    expect(stored.assessment.trust_score).to.equal(live.assessment.trust_score);
    // Past the reuse window external=true looks again; without it the observations still score.
    clock.advance(3600);
    expect((await assess.run('example.com', { external: false })).assessment.trust_score).to.equal(live.assessment.trust_score);
    await assess.run('example.com', { external: true });
    expect(sources.calls).to.deep.equal({ tls: 2, age: 1, reputation: 2 });
    // Two days after the last look, TLS and reputation are too old to score, and say so.
    clock.advance(2 * 86_400);
    const later = await assess.run('example.com', { external: false });
    expect(later.assessment.signals.ssl).to.include({ observed: false, error: 'stale' });
    expect(later.assessment.signals.ssl.reason).to.contain('at 2026-09-01T01:00:00.000Z, is too old to score');
    expect(later.assessment.signals.external).to.include({ observed: false, error: 'stale' });
    expect(later.assessment.signals.domain_age).to.include({ observed: true, years: 16 });
    expect(later.assessment.agent_guidance.reason).to.contain('This verdict rests on incomplete evidence: ssl, external were not looked at yet and score 0.');
    expect(later.assessment.agent_guidance.reason).not.to.contain('Not looked at:');
  });

  it('reads stored observations once per name until a write forgets them', async () => {
    await registry.create(aNewEntity({ domain: 'example.com', level: 'verified', expiresAt: '2027-01-01T00:00:00.000Z' }));
    let reads = 0;
    const get = store.get.bind(store);
    store.get = (domain) => (reads++, get(domain));
    await assess.run('example.com', { external: false });
    await assess.run('example.com', { external: false });
    expect(reads).to.equal(1);
    // Another process stores an observation; its change reaches this one through the feed.
    await store.put('example.com', 'domain_age', { observedAt: clock.now().toISOString(), value: { registeredAt: '2010-01-01T00:00:00.000Z' } });
    expect((await assess.run('example.com', { external: false })).assessment.signals.domain_age.observed).to.equal(false);
    observations.forget(['example.com']);
    expect((await assess.run('example.com', { external: false })).assessment.signals.domain_age).to.include({ observed: true, years: 16 });
    expect(reads).to.equal(2);
    // What this process stores itself it reads back at once.
    await assess.run('example.com', { external: true });
    expect((await assess.run('example.com', { external: false })).assessment.signals.ssl.observed).to.equal(true);
  });

  it('lets a source that times out degrade only its own signal, within the deadline', async () => {
    sources.tlsAnswer = 'hang';
    const started = Date.now();
    const { assessment } = await assess.run('example.com', { external: true });
    expect(Date.now() - started).to.be.below(1500);
    expect(assessment.signals.ssl).to.include({ score: 0, observed: false, error: 'timeout' });
    expect(assessment.signals.domain_age.score).to.equal(15);
    expect(store.rows.has('example.com tls')).to.equal(false);
  });

  it('caps a lookalike of a brand at FLAG, and answers a blocked domain exactly as the contract says', async () => {
    // Everything else would earn HIGH: verified enterprise, valid TLS, an old domain, clean reputation.
    await registry.create(aNewEntity({ name: 'Pay', domain: 'paypa1.com', level: 'enterprise', expiresAt: '2027-01-01T00:00:00.000Z' }));
    const look = await assess.run('paypa1.com', { external: true });
    expect(look.assessment.trust_level).to.equal('HIGH');
    expect(look.assessment.signals.brand).to.include({ known_brand: false, lookalike_of: 'paypal.com' });
    expect(look.assessment.agent_guidance.action).to.equal('FLAG');
    expect(look.assessment.agent_guidance.reason).to.contain('paypal.com');
    const homoglyph = await assess.run('xn--pple-43d.com', { external: false });
    expect(homoglyph.assessment.signals.brand.lookalike_of).to.equal('apple.com');
    expect(homoglyph.assessment.agent_guidance.reason).to.contain('apple.com');
    expect((await assess.run('www.paypal.com', { external: false })).assessment.signals.brand).to.include({ score: 20, known_brand: true });
    await registry.add([aBlock('evil.com', 'phishing kit')]);
    const tlsCalls = sources.calls.tls;
    const blocked = await assess.run('login.evil.com', { external: true });
    expect(sources.calls.tls).to.equal(tlsCalls);
    expect(trustView(blocked, 'https://v.example')).to.deep.equal({
      kind: 'data',
      answer: {
        domain: 'login.evil.com',
        verified: false,
        blocked: true,
        trust_score: 0,
        trust_level: 'NONE',
        agent_guidance: { action: 'BLOCK', safe_actions: [], max_transaction_usd: 0, requires_human: true, reason: 'phishing kit' },
        links: { page: 'https://v.example/domains/login.evil.com' },
      },
    });
  });

  it('scores an expired entity as not verified and says so', async () => {
    await registry.create(aNewEntity({ domain: 'old.com', expiresAt: '2026-01-01T00:00:00.000Z' }));
    const outcome = await assess.run('old.com', { external: false });
    const view = trustView(outcome, 'https://v.example');
    expect(view.kind).to.equal('expired');
    expect(view.answer).to.include({ verified: false, expired: true, trust_score: 0 });
    expect(view.answer.agent_guidance.reason).to.contain('expired');
  });

  it('says an assessment is current until its records or observations are written, and never one with live looks', async () => {
    await registry.create(aNewEntity({ domain: 'example.com', expiresAt: '2027-01-01T00:00:00.000Z' }));
    const outcome = await assess.run('example.com', { external: false });
    expect(assess.isCurrent(outcome)).to.equal(true);
    const live = await assess.run('example.com', { external: true });
    expect(assess.isCurrent(live)).to.equal(false);
    expect(assess.isCurrent(outcome), 'the live look stored observations').to.equal(false);
    const stored = await assess.run('example.com', { external: false });
    expect(assess.isCurrent(stored)).to.equal(true);
    observations.forget(['example.com']);
    expect(assess.isCurrent(stored)).to.equal(false);
  });
});
