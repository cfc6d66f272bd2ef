import { expect } from 'chai';
import type { Knex } from 'knex';
import { Database } from '../../src/adapters/persistence/create-knex.js';
import { KnexEntityRepository } from '../../src/adapters/persistence/knex-entity-repository.js';
import { KnexOwnershipEvidenceStore } from '../../src/adapters/persistence/knex-ownership-evidence-store.js';
import { KnexTrustObservationStore } from '../../src/adapters/persistence/knex-trust-observation-store.js';
import { RegistryReader } from '../../src/application/ports/registry-reader.js';
import { domainName } from '../../src/domain/domain-name.js';
import { aNewEntity } from '../support/builders.js';
import { databaseKinds } from '../support/test-databases.js';
import { startTestService, type TestService } from '../support/test-service.js';

const OBSERVED = new Date().toISOString();

for (const kind of databaseKinds()) {
  describe(`a cold verdict is one read of the database (${kind.name})`, function () {
    this.timeout(30_000);
    let t: TestService;
    let statements: string[];

    before(async () => {
      // The read path alone: the first look a signals=true read may queue (one claim write) is first-look.test.ts's.
      t = await startTestService(kind, { OBSERVE_LIMIT_PER_MINUTE: '0' });
      const entities = new KnexEntityRepository(t.database.db);
      await entities.create(aNewEntity({ name: 'Company', domain: 'company.example.com', expiresAt: '2099-01-01T00:00:00.000Z' }));
      await entities.create(aNewEntity({ name: 'Failing', domain: 'failing-read.example.org', expiresAt: '2099-01-01T00:00:00.000Z' }));
      await entities.createMany(
        Array.from({ length: 20 }, (_, i) => aNewEntity({ name: `Batch ${i}`, domain: `batch-${i}.example.org`, expiresAt: '2099-01-01T00:00:00.000Z' })),
      );
      const observations = new KnexTrustObservationStore(t.database.db);
      await observations.put('company.example.com', 'tls', { observedAt: OBSERVED, value: { valid: true, validTo: '2099-01-01T00:00:00.000Z' } });
      await observations.put('company.example.com', 'domain_age', { observedAt: OBSERVED, value: { registeredAt: '2014-03-15T00:00:00.000Z' } });
      await new KnexOwnershipEvidenceStore(t.database.db).put({ domain: 'paypa1.com', brand: 'paypal.com', checkedAt: OBSERVED, evidence: [], unanswered: [] });
      // Let the change feed deliver the writes above before counting.
      await t.propagated();
      const db = t.service.container.get<Knex>(Database);
      statements = [];
      // Only what a read asks counts. Work the service does beside its reads, which under load may
      // land inside any read, does not: the change feed's polling (SQLite) and its high-water mark,
      // the watcher lookup a write starts (change propagation), the transparency log's sequencer, the
      // outboxes, the member sweeps (observation refresh, proof re-checks), the scan queue and the
      // health probe.
      const background =
        /\b(registry_changes|sqlite_sequence|watches|watch_\w+|log_\w+|mail_outbox|webhook_\w+|observation_refresh|entity_proofs|scan_jobs)\b|^select 1$/i;
      db.on('query', (query: { sql: string }) => {
        if (!background.test(query.sql)) statements.push(query.sql);
      });
    });
    after(() => t?.stop());

    async function readsFor(path: string): Promise<string[]> {
      statements.length = 0;
      const response = await t.get(path);
      expect(response.status, path).to.equal(200);
      await response.json();
      return [...statements];
    }

    it('reads once for a verified name with signals=true, and scores the observations that read found', async () => {
      const reads = await readsFor('/verify/company.example.com?signals=true');
      expect(reads).to.have.length(1);
      expect(reads[0]).to.match(/from verdict_facts/i);
      const body = (await (await t.get('/verify/company.example.com?signals=true')).json()) as any;
      expect(body.data.signals.ssl.observed).to.equal(true);
      expect(body.data.signals.domain_age.observed).to.equal(true);
    });

    it('answers a name nothing is stored under without any read, plain or with signals', async () => {
      expect(await readsFor('/verify/never-asked.example.org')).to.deep.equal([]);
      expect(await readsFor('/verify/never-asked-either.example.org?signals=true')).to.deep.equal([]);
      expect(await readsFor('/verify/shop.never-asked.example.net?signals=true')).to.deep.equal([]);
      const body = (await (await t.get('/verify/never-asked.example.org?signals=true')).json()) as any;
      expect(body.data).to.include({ verified: false, trust_score: 0 });
    });

    it("answers a new subdomain of a known name from that name's records, read once for all its subdomains", async () => {
      expect(await readsFor('/verify/company.example.com')).to.have.length.at.most(1);
      expect(await readsFor('/verify/new.company.example.com?signals=true')).to.deep.equal([]);
      expect(await readsFor('/verify/deeper.new.company.example.com')).to.deep.equal([]);
      const body = (await (await t.get('/verify/other.company.example.com')).json()) as any;
      expect(body.data.verified, 'a zone entity covers its subdomains').to.equal(true);
    });

    it('reads stored names asked at the same time together, each answered from its own row', async () => {
      statements.length = 0;
      const bodies = await Promise.all(
        Array.from({ length: 20 }, async (_, i) => (await (await t.get(`/verify/batch-${i}.example.org?signals=true`)).json()) as any),
      );
      expect(bodies.map((b) => [b.data.domain, b.data.verified, b.data.entity.name])).to.deep.equal(
        Array.from({ length: 20 }, (_, i) => [`batch-${i}.example.org`, true, `Batch ${i}`]),
      );
      // The port itself, asked for 20 names within one task as 20 requests under load would be: one statement.
      statements.length = 0;
      const reader = t.service.container.get<RegistryReader>(RegistryReader);
      const records = await Promise.all(Array.from({ length: 20 }, (_, i) => reader.findRecords([domainName(`batch-${i}.example.org`)])));
      expect(records.map((r) => r.entities[0]?.name)).to.deep.equal(Array.from({ length: 20 }, (_, i) => `Batch ${i}`));
      expect(statements, statements.join('\n')).to.have.length(1);
      expect(statements[0]).to.match(/from verdict_facts/i);
    });

    it('reads a name once the change feed told of a write under it', async () => {
      expect(await readsFor('/verify/late.example.org')).to.deep.equal([]);
      await new KnexEntityRepository(t.database.db).create(aNewEntity({ name: 'Late', domain: 'late.example.org', expiresAt: '2099-01-01T00:00:00.000Z' }));
      await t.propagated();
      const reads = await readsFor('/verify/late.example.org');
      expect(reads, reads.join('\n')).to.have.length(1);
      expect(((await (await t.get('/verify/late.example.org')).json()) as any).data.verified).to.equal(true);
    });

    it('asks the store once when the read fails, and answers the failure in the envelope', async () => {
      await t.database.db.schema.renameTable('verdict_facts', 'verdict_facts_away');
      try {
        statements.length = 0;
        const response = await t.get('/verify/failing-read.example.org?signals=true');
        expect(response.status).to.equal(500);
        expect(((await response.json()) as any).error.code).to.equal('INTERNAL_ERROR');
        expect(statements).to.have.length(1);
      } finally {
        await t.database.db.schema.renameTable('verdict_facts_away', 'verdict_facts');
      }
    });

    it('reads once for a lookalike whose ownership was checked, and not at all when asked again', async () => {
      expect(await readsFor('/verify/paypa1.com?signals=true')).to.have.length(1);
      expect(await readsFor('/verify/paypa1.com?signals=true')).to.have.length(0);
    });
  });
}
