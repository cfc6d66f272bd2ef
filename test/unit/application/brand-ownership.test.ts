import { ReadAheadCaches } from '../../../src/application/caching/read-ahead.js';
import { OwnershipCache } from '../../../src/application/trust/ownership-cache.js';
import { expect } from 'chai';
import { loadConfig } from '../../../src/adapters/config/load-config.js';
import { RegistryReadCache } from '../../../src/application/caching/registry-read-cache.js';
import { AssessTrust } from '../../../src/application/trust/assess-trust.js';
import { BrandJudge } from '../../../src/application/trust/brand-judge.js';
import { OWNERSHIP_JOB_RETRIES } from '../../../src/application/trust/brand-ownership.js';
import { LiveObservations } from '../../../src/application/trust/live-observations.js';
import { ObservationCache } from '../../../src/application/trust/observation-cache.js';
import { VerifyDomain } from '../../../src/application/verdict/verify-domain.js';
import { FixedClock } from '../../fakes/fixed-clock.js';
import { FakeTrustSources, InMemoryTrustObservationStore } from '../../fakes/fake-trust-sources.js';
import { InMemoryRegistry } from '../../fakes/in-memory-registry.js';
import { SystemTimers } from '../../../src/adapters/clock/system-timers.js';
import { firstObservations, ownershipParts, type OwnershipParts } from '../../support/ownership-parts.js';
import { aBlock } from '../../support/builders.js';
import { rejection } from '../../support/rejection.js';

const CERTIFICATE = { valid: true, names: ['paypal-cdn.com', 'www.paypal.com'] };

describe('brand ownership in AssessTrust and the ownership.check job', () => {
  let clock: FixedClock;
  let parts: OwnershipParts;
  let assess: AssessTrust;
  let registry: InMemoryRegistry;

  beforeEach(() => {
    clock = new FixedClock('2026-09-01T00:00:00.000Z');
    const config = loadConfig({ EXTERNAL_DEADLINE_MS: '500' });
    parts = ownershipParts(clock, config);
    const sources = new FakeTrustSources();
    const store = new InMemoryTrustObservationStore();
    const observations = new ObservationCache(clock);
    const live = new LiveObservations(store, observations, sources, sources, sources, config, new SystemTimers());
    registry = new InMemoryRegistry();
    assess = new AssessTrust(
      new VerifyDomain(registry, new RegistryReadCache(clock), clock, new ReadAheadCaches(observations, new OwnershipCache(clock))),
      store,
      observations,
      live,
      new BrandJudge(config, { toUnicode: (d: string) => d }),
      clock,
      config,
      parts.ownership,
      firstObservations(),
    );
  });

  const brandOf = async (domain: string, external = false) => (await assess.run(domain, { external })).assessment.signals.brand;
  /** Runs the queued ownership.check jobs as a worker would, on try `retryCount`. */
  const work = async (retryCount = 0) => {
    for (const job of parts.queue.enqueued.filter((j) => j.kind === 'ownership.check')) {
      const data = job.data as { domain: string; lookalikeOf: string };
      await parts.check.run(data.domain, data.lookalikeOf, { lastTry: retryCount >= OWNERSHIP_JOB_RETRIES });
    }
  };

  it('reads without looking: not checked, and one job queued for the name', async () => {
    const first = await brandOf('paypal-cdn.com');
    expect(first).to.deep.include({ known_brand: false, lookalike_of: 'paypal.com', score: 0 });
    expect(first.ownership).to.deep.equal({
      status: 'not_checked',
      reason:
        'Whether paypal.com owns this name is not yet checked (its certificate, RDAP registrant and nameservers); a check is queued, ask again later or with external=true.',
    });
    await brandOf('paypal-cdn.com');
    await brandOf('PayPal-CDN.com');
    expect(parts.probe.calls).to.deep.equal([]);
    expect(parts.queue.enqueued).to.deep.equal([
      {
        kind: 'ownership.check',
        data: { domain: 'paypal-cdn.com', lookalikeOf: 'paypal.com' },
        options: { singletonKey: 'paypal-cdn.com', retryLimit: OWNERSHIP_JOB_RETRIES, leaseSeconds: 120 },
      },
    ]);
  });

  it('answers with the evidence once the job stored it, and stops repeating the old answer', async () => {
    parts.probe.certificates.set('paypal-cdn.com', CERTIFICATE);
    const before = await assess.run('paypal-cdn.com', { external: false });
    expect(assess.isCurrent(before)).to.equal(true);
    await work();
    expect(assess.isCurrent(before)).to.equal(false);
    const brand = await brandOf('paypal-cdn.com');
    expect(brand).to.deep.equal({
      score: 20,
      max: 20,
      observed: true,
      known_brand: true,
      lookalike_of: null,
      lookalike_brand: null,
      owned_by: 'paypal.com',
      ownership: {
        status: 'owned',
        checked_at: '2026-09-01T00:00:00.000Z',
        evidence: [{ kind: 'tls_certificate', detail: 'the certificate for paypal-cdn.com also covers www.paypal.com' }],
      },
    });
    expect(parts.store.checks.get('paypal-cdn.com')).to.deep.include({ brand: 'paypal.com', unanswered: [] });
  });

  it('looks now with external, stores the check and reuses the brand’s registrant', async () => {
    parts.probe.registrants.set('paypal-secure.com', { organisation: 'PayPal, Inc.' });
    parts.probe.registrants.set('paypal.com', { organisation: 'PayPal Inc' });
    const owned = await brandOf('login.paypal-secure.com', true);
    expect(owned).to.deep.include({ known_brand: true, owned_by: 'paypal.com' });
    expect(owned.ownership).to.deep.include({
      status: 'owned',
      evidence: [{ kind: 'registrant', detail: 'the RDAP registrant of paypal-secure.com is the registrant of paypal.com, PayPal Inc' }],
    });
    expect(parts.probe.count('certificate', 'login.paypal-secure.com')).to.equal(1);
    expect(parts.probe.count('nameservers', 'paypal-secure.com')).to.equal(1);
    const notOwned = await brandOf('paypal-login.com', true);
    expect(notOwned).to.deep.include({
      known_brand: false,
      lookalike_of: 'paypal.com',
      ownership: { status: 'not_owned', checked_at: '2026-09-01T00:00:00.000Z' },
    });
    expect(parts.probe.count('registrant', 'paypal.com'), 'the brand registrant is looked up once').to.equal(1);
    expect(parts.store.registrants.get('paypal.com')).to.deep.equal({ organisation: 'PayPal Inc', observedAt: '2026-09-01T00:00:00.000Z' });
    // Within a day external=true does not look again, and nothing was queued.
    await brandOf('paypal-login.com', true);
    expect(parts.probe.count('certificate', 'paypal-login.com')).to.equal(1);
    expect(parts.queue.enqueued).to.deep.equal([]);
  });

  it('lets a look that does not answer in time leave the check to the job, which retries, then stores what it has', async () => {
    parts.probe.certificates.set('paypal-cdn.com', 'hang');
    const started = Date.now();
    const brand = await brandOf('paypal-cdn.com', true);
    expect(Date.now() - started).to.be.below(1000);
    expect(brand.ownership).to.deep.equal({
      status: 'not_checked',
      reason: 'Whether paypal.com owns this name is not yet checked: the look at its certificate did not answer in time; a check is queued, ask again later.',
    });
    expect(parts.store.checks.size).to.equal(0);
    expect(parts.queue.enqueued).to.have.length(1);
    parts.probe.certificates.set('paypal-cdn.com', { error: 'unavailable', message: 'down' });
    expect((await rejection(work(0))).code).to.equal('SCAN_UNAVAILABLE');
    expect(parts.store.checks.size).to.equal(0);
    await work(OWNERSHIP_JOB_RETRIES);
    expect(parts.store.checks.get('paypal-cdn.com')).to.deep.include({ evidence: [], unanswered: ['tls'] });
    expect((await brandOf('paypal-cdn.com')).ownership).to.deep.equal({ status: 'not_owned', checked_at: '2026-09-01T00:00:00.000Z' });
  });

  it('stores evidence found although another look failed', async () => {
    parts.probe.certificates.set('paypal-cdn.com', { error: 'timeout', message: 'slow' });
    parts.probe.nameserverAnswers.set('paypal-cdn.com', { nameservers: ['ns1.paypal.com', 'ns2.paypal.com'] });
    const check = await parts.check.run('paypal-cdn.com', 'paypal.com', { lastTry: false });
    expect(check).to.deep.include({
      unanswered: ['tls'],
      evidence: [{ kind: 'nameservers', detail: 'paypal-cdn.com is served by the nameservers of paypal.com: ns1.paypal.com, ns2.paypal.com' }],
    });
  });

  it('checks a name at most once a day, and queues again when a read finds the check a day old', async () => {
    await brandOf('paypal-cdn.com');
    await work();
    await work();
    expect(parts.probe.count('certificate')).to.equal(1);
    clock.advance(86_400);
    const stale = await brandOf('paypal-cdn.com');
    // The day-old check still answers while a new one is queued.
    expect(stale.ownership).to.deep.equal({ status: 'not_owned', checked_at: '2026-09-01T00:00:00.000Z' });
    expect(parts.queue.enqueued).to.have.length(2);
    await work();
    expect(parts.probe.count('certificate')).to.equal(2);
  });

  it('leaves names that resemble no brand, catalog brands and blocked names alone', async () => {
    for (const domain of ['example.com', 'www.paypal.com']) expect(await brandOf(domain)).not.to.have.property('ownership');
    await registry.add([aBlock('paypal-kit.com', 'phishing kit')]);
    expect((await assess.run('paypal-kit.com', { external: true })).assessment.agent_guidance.action).to.equal('BLOCK');
    expect(parts.queue.enqueued).to.deep.equal([]);
    expect(parts.probe.calls).to.deep.equal([]);
  });

  it('answers when the queue cannot take the job, and says so in the log', async () => {
    parts.queue.failWith = new Error('queue store down');
    expect((await brandOf('paypal-cdn.com')).ownership?.status).to.equal('not_checked');
    expect(parts.logger.entries.map((e) => e.message)).to.deep.equal(['could not queue an ownership check']);
    parts.queue.failWith = undefined;
    await brandOf('paypal-cdn.com');
    expect(parts.queue.enqueued).to.have.length(1);
  });

  it('ignores job data naming no catalog domain or no domain name', async () => {
    expect(await parts.check.run('paypal-cdn.com', 'not-in-the-catalog.example', { lastTry: true })).to.equal(undefined);
    expect(await parts.check.run('not a name', 'paypal.com', { lastTry: true })).to.equal(undefined);
    expect(parts.probe.calls).to.deep.equal([]);
  });
});
