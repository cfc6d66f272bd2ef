import { ReadAheadCaches } from '../../../src/application/caching/read-ahead.js';
import { ObservationCache } from '../../../src/application/trust/observation-cache.js';
import { OwnershipCache } from '../../../src/application/trust/ownership-cache.js';
import { expect } from 'chai';
import { AddEntity } from '../../../src/application/registry/add-entity.js';
import { AppError } from '../../../src/application/errors.js';
import { LookupEntity } from '../../../src/application/registry/lookup-entity.js';
import { ManageBlocklist } from '../../../src/application/registry/manage-blocklist.js';
import { RegistryReadCache } from '../../../src/application/caching/registry-read-cache.js';
import { VerifyDomain } from '../../../src/application/verdict/verify-domain.js';
import { FixedClock } from '../../fakes/fixed-clock.js';
import { blocklistView, InMemoryRegistry } from '../../fakes/in-memory-registry.js';
import { aNewEntity } from '../../support/builders.js';
import { rejection } from '../../support/rejection.js';
import { firstObservations } from '../../support/ownership-parts.js';

describe('registry use cases', () => {
  let clock: FixedClock;
  let registry: InMemoryRegistry;
  let cache: RegistryReadCache;
  let verify: VerifyDomain;
  let addEntity: AddEntity;
  let blocklist: ManageBlocklist;

  beforeEach(() => {
    clock = new FixedClock('2026-09-01T12:00:00.000Z');
    registry = new InMemoryRegistry();
    cache = new RegistryReadCache(clock);
    verify = new VerifyDomain(registry, cache, clock, new ReadAheadCaches(new ObservationCache(clock), new OwnershipCache(clock)));
    addEntity = new AddEntity(registry, cache, clock, firstObservations());
    blocklist = new ManageBlocklist(blocklistView(registry), cache, clock);
  });

  describe('AddEntity', () => {
    it('adds a zone-wide entity verified now that expires in a year by default', async () => {
      const entity = await addEntity.run({ domain: 'Example.com', name: 'Example Corp', type: 'business' });
      expect(entity).to.deep.equal({
        id: 'ent_examplecorp001',
        name: 'Example Corp',
        domain: 'example.com',
        type: 'business',
        level: 'verified',
        coverage: 'zone',
        status: 'active',
        verifiedAt: '2026-09-01T12:00:00.000Z',
        expiresAt: '2027-09-01T12:00:00.000Z',
      });
    });

    it('refuses bad input with VALIDATION_ERROR and stores nothing', async () => {
      for (const input of [
        { domain: 'localhost', name: 'X' },
        { domain: 'example.com', name: '' },
        { domain: 'example.com', name: 'X', type: 'company' },
        { domain: 'example.com', name: 'X', level: 'gold' },
        { domain: 'example.com', name: 'X', expiresAt: 'next year' },
        { domain: 'example.com', name: 'x'.repeat(201) },
      ]) {
        expect((await rejection(addEntity.run(input as never))).code).to.equal('VALIDATION_ERROR');
      }
      expect(registry.entities).to.deep.equal([]);
    });
  });

  describe('VerifyDomain', () => {
    it('answers from the cache until a local write clears it', async () => {
      expect((await verify.run('example.com')).verdict.kind).to.equal('not_verified');
      expect((await verify.run('example.com')).cacheSeconds).to.equal(300);
      expect(registry.reads).to.equal(1);
      await addEntity.run({ domain: 'example.com', name: 'Example' });
      const after = await verify.run('example.com');
      expect(after.verdict.kind).to.equal('verified');
      expect(after.cacheSeconds).to.equal(3600);
      expect(registry.reads).to.equal(2);
    });

    it('does not serve a cached answer longer than clients may cache it', async () => {
      await verify.run('example.com');
      // Written behind the use cases' back, as another process would.
      await registry.create(aNewEntity({ domain: 'example.com' }));
      clock.advance(299);
      expect((await verify.run('example.com')).verdict.kind).to.equal('not_verified');
      clock.advance(1);
      expect((await verify.run('example.com')).verdict.kind).to.equal('verified');
    });

    it('refuses an expiry that has passed already, in the caller’s spelling, writing nothing', async () => {
      for (const expiresAt of ['2026-09-01T11:00:00Z', '2026-09-01T12:00:00Z']) {
        const refused = await addEntity.run({ domain: 'example.com', name: 'Example', expiresAt }, { expiresAt: '--expires' }).catch((e: unknown) => e);
        expect(refused).to.be.instanceOf(AppError).and.include({
          code: 'VALIDATION_ERROR',
          message: '--expires must be in the future: an entity that has already expired would never be answered as verified.',
        });
      }
      expect(registry.entities).to.deep.equal([]);
    });

    it('turns a verified answer into EXPIRED the moment the entity expires, even from the cache', async () => {
      await addEntity.run({ domain: 'example.com', name: 'Example', expiresAt: '2026-09-01T12:30:00Z' });
      expect((await verify.run('sub.example.com')).cacheSeconds).to.equal(1800);
      clock.advance(1800);
      const outcome = await verify.run('sub.example.com');
      expect(outcome.verdict.kind).to.equal('expired');
      expect(outcome.cacheSeconds).to.equal(0);
    });

    it('says an outcome is current until a write forgets its records or they expire', async () => {
      const outcome = await verify.run('shop.example.com');
      expect(verify.isCurrent(outcome)).to.equal(true);
      expect(verify.isCurrent(await verify.run('shop.example.com'))).to.equal(true);
      await addEntity.run({ domain: 'example.com', name: 'Example' });
      expect(verify.isCurrent(outcome), 'a write on the parent').to.equal(false);
      const verified = await verify.run('shop.example.com');
      expect(verify.isCurrent(verified)).to.equal(true);
      clock.advance(3600);
      expect(verify.isCurrent(verified), 'past the cached read').to.equal(false);
    });

    it('reports blocks on a parent and refuses malformed domains', async () => {
      await blocklist.add([{ domain: 'evil.com', reason: 'phishing kit' }]);
      expect((await verify.run('login.evil.com')).verdict).to.deep.include({ kind: 'blocked' });
      expect((await rejection(verify.run('http://evil.com/'))).code).to.equal('VALIDATION_ERROR');
    });
  });

  describe('ManageBlocklist', () => {
    it('blocks all or nothing and lists every bad line', async () => {
      const error = await rejection(blocklist.add([{ domain: 'ok.com' }, { domain: 'not a domain' }, { domain: '10.0.0.1' }]));
      expect(error.code).to.equal('VALIDATION_ERROR');
      expect(error.message).to.contain('not a domain').and.contain('10.0.0.1');
      expect(registry.blocks.size).to.equal(0);
      expect(await blocklist.add([{ domain: 'ok.com' }, { domain: 'OK.com.' }, { domain: 'b.com', reason: 'spam' }])).to.deep.equal({
        added: 2,
        alreadyBlocked: 0,
      });
      expect(await blocklist.add([{ domain: 'ok.com' }])).to.deep.equal({ added: 0, alreadyBlocked: 1 });
      expect((await blocklist.list()).map((b) => [b.domain, b.reason])).to.deep.equal([
        ['b.com', 'spam'],
        ['ok.com', 'The domain is on the operator blocklist.'],
      ]);
      expect(await blocklist.remove('ok.com')).to.equal(true);
      expect(await blocklist.remove('ok.com')).to.equal(false);
    });
  });

  describe('LookupEntity', () => {
    it('finds an entity by id, 404s an unknown one and 400s a malformed one', async () => {
      const entity = await addEntity.run({ domain: 'example.com', name: 'Example' });
      const lookup = new LookupEntity(registry);
      expect(await lookup.run(entity.id)).to.deep.equal(entity);
      expect((await rejection(lookup.run('ent_unknown001'))).code).to.equal('NOT_FOUND');
      expect((await rejection(lookup.run('../etc/passwd'))).code).to.equal('VALIDATION_ERROR');
    });
  });
});
