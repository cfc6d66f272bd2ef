import { expect } from 'chai';
import { SystemClock } from '../../../src/adapters/clock/system-clock.js';
import type { ChangeFeedOptions } from '../../../src/adapters/persistence/change-feed-options.js';
import { KnexApiKeyStore } from '../../../src/adapters/persistence/knex-api-key-store.js';
import { KnexPurgeBacklog } from '../../../src/adapters/persistence/knex-purge-backlog.js';
import { KnexUsageLedger } from '../../../src/adapters/persistence/knex-usage-ledger.js';
import { PgListenChangeFeed } from '../../../src/adapters/persistence/pg-listen-change-feed.js';
import { SqlitePollingChangeFeed } from '../../../src/adapters/persistence/sqlite-polling-change-feed.js';
import type { ChangeFeed } from '../../../src/application/ports/change-feed.js';
import { aNewKey, apiKeyStoreContract } from '../../contract/api-key-store.contract.js';
import { InMemoryAccess } from '../../fakes/in-memory-access.js';
import { RecordingChangeListener } from '../../fakes/recording-change-listener.js';
import { RecordingLogger } from '../../fakes/recording-logger.js';
import { databaseKinds, type TestDatabase } from '../../support/test-databases.js';

for (const kind of databaseKinds()) {
  describe(`ApiKeyStore on Knex (${kind.name})`, () => {
    apiKeyStoreContract(async () => {
      const t = await kind.create();
      return { store: new KnexApiKeyStore(t.db), ledger: new KnexUsageLedger(t.db), dispose: () => t.dispose() };
    });

    describe('the api_keys changes', () => {
      let t: TestDatabase;
      let store: KnexApiKeyStore;
      beforeEach(async () => {
        t = await kind.create();
        store = new KnexApiKeyStore(t.db);
      });
      afterEach(() => t.dispose());

      const changes = async () =>
        ((await t.db('registry_changes').orderBy('id').select('name', 'kind', 'changed_at', 'purged_at')) as Array<Record<string, string | null>>).map((r) => ({
          name: r.name,
          kind: r.kind,
          stamped: /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/.test(r.changed_at ?? ''),
          purged: r.purged_at === r.changed_at,
        }));

      it('records a change of key:<id> (kind api_key, purged already) when a key is stored and when it is revoked', async () => {
        await store.create(aNewKey(1));
        await store.create(aNewKey(2));
        expect(await store.revoke('key_K0000001', '2026-10-05T10:00:00.000Z')).to.equal('revoked');
        expect(await store.revoke('key_K0000001', '2026-10-05T11:00:00.000Z')).to.equal('already_revoked');
        expect(await store.revoke('key_K9999999', '2026-10-05T11:00:00.000Z')).to.equal('unknown');
        const change = (name: string) => ({ name, kind: 'api_key', stamped: true, purged: true });
        expect(await changes()).to.deep.equal([change('key:key_K0000001'), change('key:key_K0000002'), change('key:key_K0000001')]);
        expect(await new KnexPurgeBacklog(t.db).claim('purger', new Date(), 60, 10), 'nothing for the CDN to purge').to.deep.equal([]);
      });

      it('records nothing for a refused duplicate and refuses a duplicate hash too', async () => {
        await store.create(aNewKey(1));
        expect(await store.create(aNewKey(2, { id: 'key_K0000001' }))).to.equal(false);
        expect(await store.create(aNewKey(3, { keyHash: aNewKey(1).keyHash }))).to.equal(false);
        expect((await changes()).map((c) => c.name)).to.deep.equal(['key:key_K0000001']);
      });

      it("tells every instance's change feed that a revoked key changed", async () => {
        await store.create(aNewKey(1));
        const options: ChangeFeedOptions = { connectionString: t.url, schema: t.options.schema };
        const feed: ChangeFeed =
          kind.name === 'sqlite'
            ? new SqlitePollingChangeFeed(options, t.db, new SystemClock(), new RecordingLogger())
            : new PgListenChangeFeed(options, t.db, new SystemClock(), new RecordingLogger());
        const listener = new RecordingChangeListener();
        await feed.start(listener);
        try {
          await store.revoke('key_K0000001', '2026-10-05T10:00:00.000Z');
          await listener.waitForName('key:key_K0000001', 2_000);
        } finally {
          await feed.stop();
        }
      });
    });
  });
}

describe('ApiKeyStore in memory (the fake)', () => {
  apiKeyStoreContract(async () => {
    const access = new InMemoryAccess();
    return { store: access, ledger: access, dispose: async () => undefined };
  });

  it('lists the ids of revoked keys', async () => {
    const access = new InMemoryAccess();
    await access.create(aNewKey(1));
    await access.create(aNewKey(2));
    await access.revoke('key_K0000002', '2026-10-05T10:00:00.000Z');
    expect(access.revokedIds).to.deep.equal(['key_K0000002']);
  });
});
