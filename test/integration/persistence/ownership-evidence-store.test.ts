import { expect } from 'chai';
import { createKnex } from '../../../src/adapters/persistence/create-knex.js';
import { KnexOwnershipEvidenceStore } from '../../../src/adapters/persistence/knex-ownership-evidence-store.js';
import { ownershipEvidenceStoreContract } from '../../contract/ownership-evidence-store.contract.js';
import { InMemoryOwnershipEvidenceStore } from '../../fakes/in-memory-ownership-evidence-store.js';
import { databaseKinds, type TestDatabase } from '../../support/test-databases.js';

for (const kind of databaseKinds()) {
  describe(`OwnershipEvidenceStore on Knex (${kind.name})`, () => {
    ownershipEvidenceStoreContract(async () => {
      const t = await kind.create();
      return {
        store: new KnexOwnershipEvidenceStore(t.db),
        second: async () => {
          const db = createKnex(t.url, t.options);
          return { store: new KnexOwnershipEvidenceStore(db), dispose: () => db.destroy() };
        },
        dispose: () => t.dispose(),
      };
    });

    describe('and the change feed', () => {
      let t: TestDatabase;
      afterEach(async () => t?.dispose());

      it('records every stored check as a change of its name, and no registrant', async () => {
        t = await kind.create();
        const store = new KnexOwnershipEvidenceStore(t.db);
        const check = { domain: 'paypal-cdn.com', brand: 'paypal.com', checkedAt: '2026-09-01T00:00:00.000Z', evidence: [], unanswered: [] };
        await store.put(check);
        await store.put({ ...check, checkedAt: '2026-09-02T00:00:00.000Z' });
        await store.putRegistrant('paypal.com', { organisation: 'PayPal, Inc.', observedAt: '2026-09-01T00:00:00.000Z' });
        const rows = await t.db('registry_changes').select('name', 'kind').orderBy('id');
        expect(rows).to.deep.equal([
          { name: 'paypal-cdn.com', kind: 'ownership' },
          { name: 'paypal-cdn.com', kind: 'ownership' },
        ]);
      });
    });
  });
}

describe('OwnershipEvidenceStore in memory (the fake)', () => {
  ownershipEvidenceStoreContract(async () => ({ store: new InMemoryOwnershipEvidenceStore(), dispose: async () => undefined }));
});
