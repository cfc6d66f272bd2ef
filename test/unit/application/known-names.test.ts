import { expect } from 'chai';
import { KnownNames } from '../../../src/application/caching/known-names.js';
import { NOTHING_STORED, RegistryReadCache } from '../../../src/application/caching/registry-read-cache.js';
import { NO_OBSERVATIONS, ObservationCache } from '../../../src/application/trust/observation-cache.js';
import { VerifyDomain } from '../../../src/application/verdict/verify-domain.js';
import { ReadAheadCaches } from '../../../src/application/caching/read-ahead.js';
import { OwnershipCache } from '../../../src/application/trust/ownership-cache.js';
import { domainName } from '../../../src/domain/domain-name.js';
import { FixedClock } from '../../fakes/fixed-clock.js';
import { InMemoryRegistry } from '../../fakes/in-memory-registry.js';
import { RecordingLogger } from '../../fakes/recording-logger.js';
import { aBlock, aNewEntity } from '../../support/builders.js';

describe('KnownNames', () => {
  let registry: InMemoryRegistry;
  let known: KnownNames;

  beforeEach(async () => {
    registry = new InMemoryRegistry();
    await registry.create(aNewEntity({ domain: domainName('example.com') }));
    await registry.add([aBlock('evil.org')]);
    known = new KnownNames(registry, new RecordingLogger());
  });

  it('counts no name as unknown until loaded, then answers from what the store holds', async () => {
    expect(known.isUnknown('new.example.net')).to.equal(false);
    await known.load();
    expect(known.isUnknown('new.example.net')).to.equal(true);
    expect(known.isUnknown('example.com')).to.equal(false);
    expect(known.noneCovering(domainName('shop.example.com')), 'a parent is stored').to.equal(false);
    expect(known.noneCovering(domainName('shop.example.net'))).to.equal(true);
  });

  it('knows a name at once when a write names it, and again after the next load', async () => {
    await known.load();
    known.add(['late.example.net']);
    expect(known.isUnknown('late.example.net')).to.equal(false);
    await registry.create(aNewEntity({ domain: domainName('late.example.net') }));
    await known.load();
    expect(known.isUnknown('late.example.net')).to.equal(false);
  });

  it('lets go of a name a load no longer finds, but not one added during that load', async () => {
    await known.load();
    known.add(['gone.example.net']);
    const loading = known.load();
    known.add(['during.example.net']);
    await loading;
    expect(known.isUnknown('gone.example.net')).to.equal(true);
    expect(known.isUnknown('during.example.net')).to.equal(false);
  });

  it('answers nothing as unknown from a reset until a load completes after it', async () => {
    await known.load();
    const loading = known.load();
    known.reset();
    expect(known.isUnknown('new.example.net')).to.equal(false);
    await loading;
    expect(known.isUnknown('new.example.net'), 'the load a reset overtook is made again').to.equal(true);
  });

  it('reads the store a page at a time', async () => {
    for (let i = 0; i < 25_000; i++) registry.blocks.set(`b${i}.example.com`, aBlock(`b${i}.example.com`));
    const pages: Array<string | undefined> = [];
    const knownNames = registry.knownNames.bind(registry);
    registry.knownNames = (after, limit) => (pages.push(after), knownNames(after, limit));
    await known.load();
    expect(pages).to.have.length(3);
    expect(known.isUnknown('b24999.example.com')).to.equal(false);
  });
});

describe('the read caches with KnownNames', () => {
  let registry: InMemoryRegistry;
  let known: KnownNames;
  let clock: FixedClock;

  beforeEach(async () => {
    registry = new InMemoryRegistry();
    await registry.create(aNewEntity({ domain: domainName('example.com') }));
    known = new KnownNames(registry, new RecordingLogger());
    clock = new FixedClock();
    await known.load();
  });

  it('read a name nothing is stored under as the one empty value, keeping no entry, and forget makes it known', () => {
    const records = new RegistryReadCache(clock, known);
    const observations = new ObservationCache(clock, known);
    expect(records.get(domainName('new.example.net'))).to.equal(NOTHING_STORED);
    expect(records.get(domainName('shop.example.com')), 'its parent is stored').to.equal(undefined);
    expect(observations.get(domainName('new.example.net'))).to.equal(NO_OBSERVATIONS);
    expect(records.size + observations.size).to.equal(0);
    observations.delete(domainName('new.example.net'));
    expect(records.get(domainName('new.example.net'))).to.equal(undefined);
  });

  it("verify answers a new name with no read, and a new subdomain of a stored name from that name's records", async () => {
    const records = new RegistryReadCache(clock, known);
    const readAhead = new ReadAheadCaches(new ObservationCache(clock, known), new OwnershipCache(clock, known));
    const verify = new VerifyDomain(registry, records, clock, readAhead, undefined, known);
    expect((await verify.run('new.example.net')).verdict.kind).to.equal('not_verified');
    expect(registry.reads).to.equal(0);
    expect((await verify.run('shop.example.com')).verdict.kind).to.equal('verified');
    expect((await verify.run('www.example.com')).verdict.kind).to.equal('verified');
    expect(registry.reads, 'example.com read once for both').to.equal(1);
  });
});
