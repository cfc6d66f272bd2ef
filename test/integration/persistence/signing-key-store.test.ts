import { createKnex } from '../../../src/adapters/persistence/create-knex.js';
import { KnexSigningKeyStore } from '../../../src/adapters/persistence/knex-signing-key-store.js';
import { signingKeyStoreContract } from '../../contract/signing-key-store.contract.js';
import { InMemorySigningKeyStore } from '../../fakes/in-memory-signing-key-store.js';
import { databaseKinds } from '../../support/test-databases.js';

for (const kind of databaseKinds()) {
  describe(`SigningKeyStore on Knex (${kind.name})`, () => {
    signingKeyStoreContract(async () => {
      const t = await kind.create();
      return {
        store: new KnexSigningKeyStore(t.db),
        second: async () => {
          const db = createKnex(t.url, t.options);
          return { store: new KnexSigningKeyStore(db), dispose: () => db.destroy() };
        },
        dispose: () => t.dispose(),
      };
    });
  });
}

describe('SigningKeyStore in memory (the fake used by signer tests)', () => {
  signingKeyStoreContract(async () => {
    const store = new InMemorySigningKeyStore();
    return { store, second: async () => ({ store, dispose: async () => undefined }), dispose: async () => undefined };
  });
});
