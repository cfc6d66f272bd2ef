import { expect } from 'chai';
import { createKnex } from '../../../src/adapters/persistence/create-knex.js';
import { KnexUsageLedger } from '../../../src/adapters/persistence/knex-usage-ledger.js';
import { usageLedgerContract } from '../../contract/usage-ledger.contract.js';
import { InMemoryAccess } from '../../fakes/in-memory-access.js';
import { databaseKinds, type TestDatabase } from '../../support/test-databases.js';

for (const kind of databaseKinds()) {
  describe(`UsageLedger on Knex (${kind.name})`, () => {
    usageLedgerContract(async () => {
      const t = await kind.create();
      return {
        ledger: new KnexUsageLedger(t.db),
        second: async () => {
          const db = createKnex(t.url, t.options);
          return { ledger: new KnexUsageLedger(db), dispose: () => db.destroy() };
        },
        dispose: () => t.dispose(),
      };
    });

    describe('the api_usage table', () => {
      let t: TestDatabase;
      beforeEach(async () => (t = await kind.create()));
      afterEach(() => t.dispose());

      it('records the last use only for a count above 0, and sends no statement for an empty add', async () => {
        const ledger = new KnexUsageLedger(t.db);
        const statements: string[] = [];
        t.db.on('query', (q: { sql: string }) => statements.push(q.sql));
        await ledger.add([], '2026-10-02T09:00:00.000Z');
        expect(statements, 'an empty add').to.deep.equal([]);
        await ledger.add(
          [
            { subject: 'key:key_K0000001', day: '2026-10-02', count: 0 },
            { subject: 'addr:192.0.2.1', day: '2026-10-02', count: 2 },
          ],
          '2026-10-02T09:00:00.000Z',
        );
        expect(statements, 'one add, one statement').to.have.length(1);
        await ledger.add([{ subject: 'addr:192.0.2.1', day: '2026-10-02', count: 0 }], '2026-10-02T10:00:00.000Z');
        const rows = await t.db('api_usage').orderBy('subject').select('subject', 'day', 'count', 'last_used_at');
        expect(rows.map((r) => ({ ...r, count: Number(r.count) }))).to.deep.equal([
          { subject: 'addr:192.0.2.1', day: '2026-10-02', count: 2, last_used_at: '2026-10-02T09:00:00.000Z' },
          { subject: 'key:key_K0000001', day: '2026-10-02', count: 0, last_used_at: null },
        ]);
      });
    });
  });
}

describe('UsageLedger in memory (the fake)', () => {
  usageLedgerContract(async () => {
    const access = new InMemoryAccess();
    return { ledger: access, second: async () => ({ ledger: access, dispose: async () => undefined }), dispose: async () => undefined };
  });

  it('rejects the add after failNext once, counting nothing, then works again', async () => {
    const access = new InMemoryAccess();
    access.failNext(new Error('store down'));
    const counts = [{ subject: 'addr:192.0.2.1', day: '2026-10-02', count: 1 }];
    const failed = await access.add(counts, '2026-10-02T09:00:00.000Z').then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failed).to.be.instanceOf(Error).with.property('message', 'store down');
    expect(await access.add(counts, '2026-10-02T09:00:01.000Z')).to.deep.equal(counts);
  });
});
