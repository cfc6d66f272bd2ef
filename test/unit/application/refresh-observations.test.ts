import { ReadAheadCaches } from '../../../src/application/caching/read-ahead.js';
import { OwnershipCache } from '../../../src/application/trust/ownership-cache.js';
import { expect } from 'chai';
import { loadConfig } from '../../../src/adapters/config/load-config.js';
import { DEFAULT_JOB_TIMINGS } from '../../../src/application/jobs/job-timings.js';
import { RegistryReadCache } from '../../../src/application/caching/registry-read-cache.js';
import { AssessTrust } from '../../../src/application/trust/assess-trust.js';
import { BrandJudge } from '../../../src/application/trust/brand-judge.js';
import { LiveObservations } from '../../../src/application/trust/live-observations.js';
import { ObservationCache } from '../../../src/application/trust/observation-cache.js';
import { RefreshObservations } from '../../../src/application/trust/refresh-observations.js';
import { SweepDueObservations } from '../../../src/application/trust/sweep-due-observations.js';
import { VerifyDomain } from '../../../src/application/verdict/verify-domain.js';
import { apiReference } from '../../../src/application/views/docs/api-reference.js';
import { WORKED_EXAMPLE_AT, workedExampleAnswer } from '../../../src/application/views/docs/trust-guide.js';
import { domainName } from '../../../src/domain/domain-name.js';
import { METHODOLOGY_VERSION } from '../../../src/domain/scan/methodology.js';
import { FixedClock } from '../../fakes/fixed-clock.js';
import { FakeTrustSources, InMemoryTrustObservationStore } from '../../fakes/fake-trust-sources.js';
import { ImmediateJobQueue } from '../../fakes/immediate-job-queue.js';
import { InMemoryObservationSchedule } from '../../fakes/in-memory-observation-schedule.js';
import { SystemTimers } from '../../../src/adapters/clock/system-timers.js';
import { FileDocumentTemplates } from '../../../src/adapters/templates/file-document-templates.js';
import { InMemoryRegistry } from '../../fakes/in-memory-registry.js';
import { aNewEntity } from '../../support/builders.js';
import { firstObservations, ownershipParts } from '../../support/ownership-parts.js';

const DAY = 86_400;

describe('the background refresh of members’ observations', () => {
  let clock: FixedClock;
  let registry: InMemoryRegistry;
  let sources: FakeTrustSources;
  let store: InMemoryTrustObservationStore;
  let schedule: InMemoryObservationSchedule;
  let queue: ImmediateJobQueue;
  let sweep: SweepDueObservations;
  let refresh: RefreshObservations;
  let assess: AssessTrust;

  beforeEach(() => {
    clock = new FixedClock('2026-09-01T00:00:00.000Z');
    registry = new InMemoryRegistry();
    sources = new FakeTrustSources();
    store = new InMemoryTrustObservationStore();
    schedule = new InMemoryObservationSchedule(() => registry.list());
    queue = new ImmediateJobQueue();
    const config = loadConfig({ EXTERNAL_DNSBL_ZONES: 'dbl.example.org' });
    const cache = new ObservationCache(clock);
    const live = new LiveObservations(store, cache, sources, sources, sources, config, new SystemTimers());
    sweep = new SweepDueObservations(schedule, queue, clock, DEFAULT_JOB_TIMINGS);
    refresh = new RefreshObservations(schedule, store, live, clock, config);
    assess = new AssessTrust(
      new VerifyDomain(registry, new RegistryReadCache(clock), clock, new ReadAheadCaches(cache, new OwnershipCache(clock))),
      store,
      cache,
      live,
      new BrandJudge(config, { toUnicode: (d: string) => d }),
      clock,
      config,
      ownershipParts(clock).ownership,
      firstObservations(),
    );
  });

  /** One tick: the sweep, then every batch it queued (as the workers would run them). */
  async function tick(): Promise<number> {
    const from = queue.enqueued.length;
    const handedOut = await sweep.run();
    for (const job of queue.enqueued.slice(from)) await refresh.refreshClaimed((job.data as { domains: string[] }).domains);
    return handedOut;
  }

  it('looks at every active member at once, then TLS and reputation daily and the registration date monthly', async () => {
    await registry.create(aNewEntity({ domain: 'shop.example.com', level: 'verified', expiresAt: '2027-09-01T00:00:00.000Z' }));
    await registry.create(aNewEntity({ domain: 'gone.example.com', expiresAt: '2026-08-01T00:00:00.000Z' }));
    expect(await tick()).to.equal(1);
    expect(sources.calls).to.deep.equal({ tls: 1, age: 1, reputation: 1 });
    expect([...store.rows.keys()].sort()).to.deep.equal(['shop.example.com domain_age', 'shop.example.com reputation', 'shop.example.com tls']);
    expect(await tick(), 'nothing is due again the same day').to.equal(0);
    for (let day = 1; day <= 30; day++) {
      clock.advance(DAY);
      expect(await tick()).to.equal(1);
    }
    expect(sources.calls).to.deep.equal({ tls: 31, age: 2, reputation: 31 });
    expect(queue.enqueued.every((j) => j.kind === 'observations.refresh')).to.equal(true);
  });

  it('keeps a good observation when a look fails, so a passing fault never hides it; it grows stale instead', async () => {
    await registry.create(aNewEntity({ domain: 'shop.example.com', level: 'verified', expiresAt: '2027-09-01T00:00:00.000Z' }));
    await tick();
    sources.tlsAnswer = { error: 'refused', message: 'connection refused' };
    clock.advance(DAY);
    await tick();
    expect(store.rows.get('shop.example.com tls')!.observedAt).to.equal('2026-09-01T00:00:00.000Z');
    expect((await assess.run('shop.example.com', { external: false })).assessment.signals.ssl).to.include({ observed: true, valid: true });
    clock.advance(DAY);
    await tick();
    const ssl = (await assess.run('shop.example.com', { external: false })).assessment.signals.ssl;
    expect(ssl).to.include({ observed: false, error: 'stale' });
    expect(ssl.reason).to.contain('at 2026-09-01T00:00:00.000Z, is too old to score');
  });

  it('gives a verified business with a ready site and fresh observations the answer the docs work through', async () => {
    // The worked example of /api.md and docs/trust-scoring.md: level verified, registered 2014, SPF and DMARC
    // published, on no blocklist, scanned ready, refreshed in the background.
    await registry.create(aNewEntity({ domain: 'shop.example.com', level: 'verified', expiresAt: '2027-09-01T00:00:00.000Z' }));
    sources.ageAnswer = { registeredAt: '2014-03-15T00:00:00.000Z', source: 'https://rdap.example/' };
    const scope = { origin: 'https://shop.example.com', paths: ['/'], notCovered: [] };
    registry.latestReports.set('shop.example.com', {
      id: 'rpt_ready1',
      domain: domainName('shop.example.com'),
      scannedAt: '2026-08-31T12:00:00.000Z',
      methodologyVersion: METHODOLOGY_VERSION,
      score: 85,
      reachable: true,
      httpsValid: true,
      scope,
      evidenceCount: 12,
      certificateValidTo: '2027-01-01T00:00:00.000Z',
    });
    await tick();
    clock.advance(3600);
    const { assessment, readiness } = await assess.run('shop.example.com', { external: false });
    expect(readiness.value).to.equal('ready');
    expect(sources.calls, 'reading made no network call').to.deep.equal({ tls: 1, age: 1, reputation: 1 });
    expect(Object.fromEntries(Object.entries(assessment.signals).map(([k, s]) => [k, s.score]))).to.deep.equal({
      registry: 30,
      brand: 0,
      domain_age: 12,
      ssl: 10,
      external: 15,
    });
    expect(assessment).to.deep.include({ trust_score: 67, trust_level: 'MEDIUM' });
    expect(assessment.agent_guidance).to.deep.equal({
      action: 'CAUTION',
      safe_actions: ['api_call', 'data_sharing'],
      max_transaction_usd: 100,
      requires_human: true,
      reason:
        'Trust score 67 of 100 (MEDIUM). Held down by: brand 0 of 20 (not a catalog brand), registry 30 of 40 (level verified), domain_age 12 of 15 (registered 12 full years ago). ' +
        'What would raise it: a higher verification level (registry, up to 10 points); time: one point for each full year of registration, up to 15 (domain_age, now 12).',
    });
    expect(clock.now()).to.deep.equal(WORKED_EXAMPLE_AT);
    expect(
      { trust_score: assessment.trust_score, trust_level: assessment.trust_level, agent_guidance: assessment.agent_guidance },
      'what /api.md prints',
    ).to.deep.equal(workedExampleAnswer());
    expect(apiReference(new FileDocumentTemplates(), 'https://v.example', [])).to.contain(JSON.stringify(workedExampleAnswer(), null, 2));
  });
});
