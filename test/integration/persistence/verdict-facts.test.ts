import { expect } from 'chai';
import type { Knex } from 'knex';
import { createKnex } from '../../../src/adapters/persistence/create-knex.js';
import { KnexBlocklist } from '../../../src/adapters/persistence/knex-blocklist.js';
import { KnexEntityRepository } from '../../../src/adapters/persistence/knex-entity-repository.js';
import { KnexOwnershipEvidenceStore } from '../../../src/adapters/persistence/knex-ownership-evidence-store.js';
import { KnexRegistryReader } from '../../../src/adapters/persistence/knex-registry-reader.js';
import { KnexReportRepository } from '../../../src/adapters/persistence/knex-report-repository.js';
import { KnexTrustObservationStore } from '../../../src/adapters/persistence/knex-trust-observation-store.js';
import { KnexVerdictFacts } from '../../../src/adapters/persistence/knex-verdict-facts.js';
import { coveringNames, domainName } from '../../../src/domain/domain-name.js';
import { summarizeReport } from '../../../src/domain/scan/report.js';
import type { OwnershipCheck } from '../../../src/domain/trust/ownership.js';
import { aBlock, aNewEntity } from '../../support/builders.js';
import { aReport } from '../../support/hostile-report.js';
import { databaseKinds, type TestDatabase } from '../../support/test-databases.js';

const SIGNATURE = { contentSha256: 'a'.repeat(64), algorithm: 'Ed25519', keyId: 'kid-1', value: 'sig' } as const;
const SHOP = domainName('shop.example.com');
const TLS = { observedAt: '2026-09-01T00:00:00.000Z', value: { valid: true, validTo: '2027-01-01T00:00:00.000Z' } };
const AGE = { observedAt: '2026-09-01T00:00:00.000Z', value: { registeredAt: '2014-03-15T00:00:00.000Z' } };
const CHECK: OwnershipCheck = {
  domain: SHOP,
  brand: 'example.com',
  checkedAt: '2026-09-01T00:00:00.000Z',
  evidence: [{ kind: 'tls_certificate', detail: 'shared' }],
  unanswered: ['rdap'],
};

/** Every row of verdict_facts, JSON parsed and lists sorted, so that two ways of making it compare. */
async function factsTable(db: Knex): Promise<unknown[]> {
  const rows = await db('verdict_facts').orderBy('name');
  const parsed = (text: string | null) => {
    const value = text === null ? null : JSON.parse(text);
    return Array.isArray(value) ? value.map((v) => JSON.stringify(v)).sort() : value;
  };
  return rows.map((row) => Object.fromEntries(Object.entries(row).map(([key, value]) => [key, key === 'name' ? value : parsed(value as string | null)])));
}

for (const kind of databaseKinds()) {
  describe(`verdict facts: one row per name, kept by the database (${kind.name})`, () => {
    let t: TestDatabase;
    let reader: KnexRegistryReader;
    beforeEach(async () => {
      t = await kind.create();
      reader = new KnexRegistryReader(t.db);
    });
    afterEach(() => t.dispose());

    async function writeEverything(): Promise<void> {
      await new KnexEntityRepository(t.db).create(aNewEntity({ domain: 'example.com' }));
      await new KnexBlocklist(t.db).add([aBlock('shop.example.com', 'phishing'), aBlock('other.example.net')]);
      const reports = new KnexReportRepository(t.db);
      await reports.save({ report: aReport({ id: 'rpt_old', domain: SHOP, scannedAt: '2026-08-01T00:00:00.000Z' }), signature: SIGNATURE });
      await reports.save({ report: aReport({ id: 'rpt_new', domain: SHOP, scannedAt: '2026-09-01T00:00:00.000Z' }), signature: SIGNATURE });
      const observations = new KnexTrustObservationStore(t.db);
      await observations.put(SHOP, 'tls', TLS);
      await observations.put(SHOP, 'domain_age', AGE);
      await new KnexOwnershipEvidenceStore(t.db).put(CHECK);
    }

    it('answers a name and its parents from what every write left, in one read', async () => {
      await writeEverything();
      const records = await reader.findRecords(coveringNames(SHOP));
      expect(records.entities.map((e) => e.domain)).to.deep.equal(['example.com']);
      expect(records.blocks).to.deep.equal([aBlock('shop.example.com', 'phishing')]);
      expect(records.latestReport).to.deep.equal(summarizeReport(aReport({ id: 'rpt_new', domain: SHOP, scannedAt: '2026-09-01T00:00:00.000Z' })));
      expect(records.readAhead).to.deep.equal({ observations: { tls: TLS, domain_age: AGE }, ownership: CHECK });
      // The parent's own row holds none of the child's report, observations or ownership.
      const parent = await reader.findRecords([domainName('example.com')]);
      expect(parent.latestReport).to.equal(undefined);
      expect(parent.readAhead).to.deep.equal({ observations: {}, ownership: undefined });
    });

    it('follows updates, moves and removals', async () => {
      await writeEverything();
      const entities = new KnexEntityRepository(t.db);
      const [entity] = await entities.list();
      await entities.setStatus(entity!.id, 'revoked');
      expect((await reader.findRecords([domainName('example.com')])).entities[0]!.status).to.equal('revoked');
      await t.db('entities').where({ id: entity!.id }).update({ domain: 'example.org' });
      expect((await reader.findRecords([domainName('example.com')])).entities).to.deep.equal([]);
      expect((await reader.findRecords([domainName('example.org')])).entities.map((e) => e.id)).to.deep.equal([entity!.id]);
      await new KnexBlocklist(t.db).remove(SHOP);
      expect((await reader.findRecords([SHOP])).blocks).to.deep.equal([]);
      await new KnexTrustObservationStore(t.db).put(SHOP, 'tls', { ...TLS, observedAt: '2026-09-02T00:00:00.000Z' });
      expect((await reader.findRecords([SHOP])).readAhead?.observations.tls?.observedAt).to.equal('2026-09-02T00:00:00.000Z');
    });

    it('rebuilds, from the tables, exactly what the triggers keep; and repairs what was written around them', async () => {
      await writeEverything();
      const kept = await factsTable(t.db);
      expect(kept.length).to.equal(3);
      await t.db('verdict_facts').del();
      expect(await new KnexVerdictFacts(t.db).rebuild()).to.equal(3);
      expect(await factsTable(t.db)).to.deep.equal(kept);
    });

    it('keeps both of two observations of one name stored at the same time by two connections', async () => {
      const other = createKnex(t.url, t.options);
      try {
        if (kind.name === 'sqlite') {
          await Promise.all([new KnexTrustObservationStore(t.db).put(SHOP, 'tls', TLS), new KnexTrustObservationStore(other).put(SHOP, 'domain_age', AGE)]);
        } else {
          // The first transaction holds the name's row until it commits; the second waits, then reads both.
          const first = await t.db.transaction();
          await new KnexTrustObservationStore(first).put(SHOP, 'tls', TLS);
          const second = other.transaction(async (trx) => new KnexTrustObservationStore(trx).put(SHOP, 'domain_age', AGE));
          await new Promise((resolve) => setTimeout(resolve, 200));
          await first.commit();
          await second;
        }
        expect((await reader.findRecords([SHOP])).readAhead?.observations).to.deep.equal({ tls: TLS, domain_age: AGE });
      } finally {
        await other.destroy();
      }
    });
  });
}
