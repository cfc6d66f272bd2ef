import { expect } from 'chai';
import type { Knex } from 'knex';
import { createKnex } from '../../../src/adapters/persistence/create-knex.js';
import { KnexBlocklist } from '../../../src/adapters/persistence/knex-blocklist.js';
import { KnexPurgeBacklog } from '../../../src/adapters/persistence/knex-purge-backlog.js';
import { pruneRegistryChanges } from '../../../src/adapters/persistence/prune-registry-changes.js';
import { aBlock } from '../../support/builders.js';
import { databaseKinds, type TestDatabase } from '../../support/test-databases.js';

const T0 = new Date('2026-11-22T10:00:00.000Z');
const later = (seconds: number) => new Date(T0.getTime() + seconds * 1000);

for (const kind of databaseKinds()) {
  describe(`KnexPurgeBacklog (${kind.name})`, () => {
    let t: TestDatabase;
    let other: Knex;
    let backlog: KnexPurgeBacklog;

    beforeEach(async () => {
      t = await kind.create();
      // A second pool on the same database: another process claiming at the same time.
      other = createKnex(t.url, t.options);
      backlog = new KnexPurgeBacklog(t.db);
    });
    afterEach(async () => {
      await other.destroy();
      await t.dispose();
    });

    const block = (...names: string[]) => new KnexBlocklist(t.db).add(names.map((name) => aBlock(name)));

    it('hands each recorded write to one claimer, oldest first, and never again once settled', async () => {
      await block('a.example.com', 'b.example.org');
      await block('c.example.net');
      expect(await backlog.claim('one', T0, 60, 2)).to.deep.equal(['a.example.com', 'b.example.org']);
      expect(await backlog.claim('two', T0, 60, 10)).to.deep.equal(['c.example.net']);
      expect(await backlog.claim('three', T0, 60, 10), 'all claimed').to.deep.equal([]);
      await backlog.settle('one', later(1));
      await backlog.settle('two', later(1));
      expect(await backlog.claim('four', later(120), 60, 10), 'settled, even after the leases').to.deep.equal([]);
    });

    it('gives a released claim, and a lapsed one, to the next claimer', async () => {
      await block('a.example.com', 'b.example.com');
      expect(await backlog.claim('one', T0, 60, 1)).to.deep.equal(['a.example.com']);
      expect(await backlog.claim('two', T0, 60, 1)).to.deep.equal(['b.example.com']);
      await backlog.release('one');
      expect(await backlog.claim('three', later(1), 60, 10)).to.deep.equal(['a.example.com']);
      expect(await backlog.claim('four', later(59), 60, 10), 'two still holds its claim').to.deep.equal([]);
      expect(await backlog.claim('five', later(61), 60, 10), "two's claim lapsed, three's holds").to.deep.equal(['b.example.com']);
      await backlog.settle('two', later(62));
      expect(await backlog.claim('six', later(200), 60, 10), 'a settle by a lapsed claimer no longer counts').to.deep.equal(['a.example.com', 'b.example.com']);
    });

    it('never hands one write to two claimers claiming at once from two pools', async () => {
      for (let i = 0; i < 10; i++) await block(...Array.from({ length: 20 }, (_, j) => `n${i}-${j}.example.com`));
      const mine: string[] = [];
      const theirs: string[] = [];
      const claimer = (b: KnexPurgeBacklog, into: string[], owner: string) => async () => {
        for (let round = 0; round < 40; round++) {
          const names = await b.claim(`${owner}-${round}`, T0, 60, 7);
          if (names.length === 0) return;
          into.push(...names);
        }
      };
      await Promise.all([claimer(backlog, mine, 'a')(), claimer(new KnexPurgeBacklog(other), theirs, 'b')()]);
      const all = [...mine, ...theirs];
      expect(all).to.have.length(200);
      expect(new Set(all).size, 'no write claimed twice').to.equal(200);
    });

    it('keeps a write still owed a purge past ten minutes while purging is on, up to the hour', async () => {
      await block('done.example.com');
      await block('owed.example.com');
      expect(await backlog.claim('one', T0, 60, 1)).to.deep.equal(['done.example.com']);
      await backlog.settle('one', T0);
      const names = async () => ((await t.db('registry_changes').select('name')) as Array<{ name: string }>).map((r) => r.name).sort();
      const elevenMinutes = new Date(Date.now() + 11 * 60_000);
      await pruneRegistryChanges(t.db, elevenMinutes, 3600_000);
      expect(await names(), 'the purged write goes after ten minutes, the owed one stays').to.deep.equal(['owed.example.com']);
      await pruneRegistryChanges(t.db, new Date(Date.now() + 61 * 60_000), 3600_000);
      expect(await names()).to.deep.equal([]);
    });
  });
}
