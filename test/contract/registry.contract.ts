import { expect } from 'chai';
import type { Blocklist } from '../../src/application/ports/blocklist.js';
import type { EntityRepository } from '../../src/application/ports/entity-repository.js';
import type { RegistryReader } from '../../src/application/ports/registry-reader.js';
import { domainName } from '../../src/domain/domain-name.js';
import { aBlock, aNewEntity } from '../support/builders.js';
import { rejection } from '../support/rejection.js';

/** The three registry ports over one store, as every adapter must provide them. */
export interface RegistrySubject {
  readonly entities: EntityRepository;
  readonly blocklist: Blocklist;
  readonly reader: RegistryReader;
  /** A second handle on the same store, as another process would have (optional). */
  readonly second?: () => Promise<{ entities: EntityRepository; dispose(): Promise<void> }>;
  dispose(): Promise<void>;
}

/** The behaviour every adapter of EntityRepository, Blocklist and RegistryReader must have. */
export function registryContract(make: () => Promise<RegistrySubject>): void {
  let s: RegistrySubject;
  beforeEach(async () => {
    s = await make();
  });
  afterEach(async () => {
    await s.dispose();
  });

  describe('EntityRepository', () => {
    it('creates an entity with an id made of its name and a zero-padded counter, and finds it again', async () => {
      const created = await s.entities.create(aNewEntity({ name: 'Example', domain: 'example.com' }));
      expect(created).to.deep.equal({ ...aNewEntity({ name: 'Example', domain: 'example.com' }), id: 'ent_example001', status: 'active' });
      expect(await s.entities.findById('ent_example001')).to.deep.equal(created);
      expect(await s.entities.findById('ent_example002')).to.equal(undefined);
    });

    it('counts per name and never hands out an id twice', async () => {
      const a = await s.entities.create(aNewEntity({ name: 'Acme', domain: 'acme.com' }));
      const b = await s.entities.create(aNewEntity({ name: 'ACME!', domain: 'acme.org' }));
      const c = await s.entities.create(aNewEntity({ name: 'Other', domain: 'other.com' }));
      expect([a.id, b.id, c.id]).to.deep.equal(['ent_acme001', 'ent_acme002', 'ent_other001']);
    });

    it('allocates unique ids under concurrent creation', async () => {
      const created = await Promise.all(Array.from({ length: 12 }, (_, i) => s.entities.create(aNewEntity({ name: 'Busy', domain: `busy${i}.com` }))));
      const ids = created.map((e) => e.id);
      expect(new Set(ids).size).to.equal(12);
      expect((await s.entities.list()).map((e) => e.id)).to.have.members(ids);
    });

    it('allocates unique ids when another process creates at the same time', async function () {
      if (!s.second) return this.skip();
      const other = await s.second();
      try {
        const created = await Promise.all(
          Array.from({ length: 10 }, (_, i) => (i % 2 === 0 ? s.entities : other.entities).create(aNewEntity({ name: 'Twin', domain: `twin${i}.com` }))),
        );
        expect(new Set(created.map((e) => e.id)).size).to.equal(10);
      } finally {
        await other.dispose();
      }
    });

    it('lists entities oldest first and changes their status', async () => {
      const first = await s.entities.create(aNewEntity({ name: 'First', domain: 'first.com' }));
      const second = await s.entities.create(aNewEntity({ name: 'Second', domain: 'second.com' }));
      expect((await s.entities.list()).map((e) => e.id)).to.deep.equal([first.id, second.id]);
      expect(await s.entities.setStatus(first.id, 'revoked')).to.equal(true);
      expect((await s.entities.findById(first.id))?.status).to.equal('revoked');
      expect(await s.entities.setStatus('ent_missing001', 'revoked')).to.equal(false);
    });
  });

  describe('EntityRepository.createMany', () => {
    it("creates every entity in one go, continuing each name's count in the order given", async () => {
      await s.entities.create(aNewEntity({ name: 'Acme', domain: 'acme.com' }));
      const batch = [
        aNewEntity({ name: 'Acme', domain: 'acme.org' }),
        aNewEntity({ name: 'Zeta', domain: 'zeta.com' }),
        aNewEntity({ name: 'ACME!', domain: 'acme.net' }),
      ];
      const created = await s.entities.createMany(batch);
      expect(created).to.deep.equal([
        { ...batch[0], id: 'ent_acme002', status: 'active' },
        { ...batch[1], id: 'ent_zeta001', status: 'active' },
        { ...batch[2], id: 'ent_acme003', status: 'active' },
      ]);
      for (const entity of created) expect(await s.entities.findById(entity.id)).to.deep.equal(entity);
      expect(await s.entities.createMany([])).to.deep.equal([]);
      expect(await s.entities.list()).to.have.length(4);
    });

    it('stores none of them when one cannot be stored, and hands out their numbers again', async () => {
      await s.entities.create(aNewEntity({ name: 'Keep', domain: 'keep.com' }));
      const broken = { ...aNewEntity({ name: 'Broken', domain: 'broken.com' }), type: null as never };
      await rejection(s.entities.createMany([aNewEntity({ name: 'First', domain: 'first.com' }), broken, aNewEntity({ name: 'Last', domain: 'last.com' })]));
      expect((await s.entities.list()).map((e) => e.id)).to.deep.equal(['ent_keep001']);
      expect((await s.entities.createMany([aNewEntity({ name: 'First', domain: 'first.com' })])).map((e) => e.id)).to.deep.equal(['ent_first001']);
    });

    it('allocates unique ids when another process creates many at the same time', async function () {
      if (!s.second) return this.skip();
      const other = await s.second();
      try {
        const batches = await Promise.all(
          Array.from({ length: 4 }, (_, b) =>
            (b % 2 === 0 ? s.entities : other.entities).createMany(
              Array.from({ length: 5 }, (_, i) => aNewEntity({ name: 'Twin', domain: `twin${b}-${i}.com` })),
            ),
          ),
        );
        const ids = batches.flat().map((e) => e.id);
        expect(new Set(ids).size).to.equal(20);
        expect((await s.entities.list()).map((e) => e.id)).to.have.members(ids);
      } finally {
        await other.dispose();
      }
    });
  });

  describe('Blocklist', () => {
    it('adds blocks once, keeps the first reason, removes and lists them in domain order', async () => {
      expect(await s.blocklist.add([aBlock('b.com', 'spam'), aBlock('a.com', 'fraud')])).to.equal(2);
      expect(await s.blocklist.add([aBlock('a.com', 'other reason'), aBlock('c.com')])).to.equal(1);
      expect(await s.blocklist.list()).to.deep.equal([aBlock('a.com', 'fraud'), aBlock('b.com', 'spam'), aBlock('c.com')]);
      expect(await s.blocklist.remove(domainName('b.com'))).to.equal(true);
      expect(await s.blocklist.remove(domainName('b.com'))).to.equal(false);
      expect((await s.blocklist.list()).map((b) => b.domain)).to.deep.equal(['a.com', 'c.com']);
    });

    it('adds a large import in one go', async () => {
      const many = Array.from({ length: 1000 }, (_, i) => aBlock(`spam${i}.com`));
      expect(await s.blocklist.add(many)).to.equal(1000);
      expect(await s.blocklist.list()).to.have.length(1000);
    });
  });

  describe('RegistryReader', () => {
    it('returns exactly the entities and blocks stored under the given names', async () => {
      const entity = await s.entities.create(aNewEntity({ domain: 'example.com' }));
      await s.entities.create(aNewEntity({ domain: 'unrelated.com' }));
      await s.blocklist.add([aBlock('bad.example.com', 'malware'), aBlock('elsewhere.com')]);
      const records = await s.reader.findRecords([domainName('x.bad.example.com'), domainName('bad.example.com'), domainName('example.com')]);
      expect(records.entities).to.deep.equal([entity]);
      expect(records.blocks).to.deep.equal([aBlock('bad.example.com', 'malware')]);
      for (const names of [[domainName('nothing.com')], []]) {
        const { readAhead, ...nothing } = await s.reader.findRecords(names);
        expect(nothing).to.deep.equal({ entities: [], blocks: [], latestReport: undefined });
        // An adapter that reads ahead finds nothing more either.
        if (readAhead) expect(readAhead).to.deep.equal({ observations: {}, ownership: undefined });
      }
    });
  });
}
