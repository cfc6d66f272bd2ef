import { createKnex } from '../../../src/adapters/persistence/create-knex.js';
import { KnexBlocklist } from '../../../src/adapters/persistence/knex-blocklist.js';
import { KnexEntityRepository } from '../../../src/adapters/persistence/knex-entity-repository.js';
import { KnexWatchRepository } from '../../../src/adapters/persistence/knex-watch-repository.js';
import { KnexWebhookOutbox } from '../../../src/adapters/persistence/knex-webhook-outbox.js';
import { watchStoreContract } from '../../contract/watch-store.contract.js';
import { databaseKinds } from '../../support/test-databases.js';

for (const kind of databaseKinds()) {
  describe(`the watch store on Knex (${kind.name})`, () => {
    watchStoreContract(async () => {
      const t = await kind.create();
      return {
        watches: new KnexWatchRepository(t.db),
        outbox: new KnexWebhookOutbox(t.db),
        blocklist: new KnexBlocklist(t.db),
        entities: new KnexEntityRepository(t.db),
        second: async () => {
          const db = createKnex(t.url, t.options);
          return { outbox: new KnexWebhookOutbox(db), dispose: () => db.destroy() };
        },
        dispose: () => t.dispose(),
      };
    });
  });
}
