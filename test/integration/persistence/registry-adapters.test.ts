import { KnexBlocklist } from '../../../src/adapters/persistence/knex-blocklist.js';
import { createKnex } from '../../../src/adapters/persistence/create-knex.js';
import { KnexEntityRepository } from '../../../src/adapters/persistence/knex-entity-repository.js';
import { KnexRegistryReader } from '../../../src/adapters/persistence/knex-registry-reader.js';
import { registryContract } from '../../contract/registry.contract.js';
import { blocklistView, InMemoryRegistry } from '../../fakes/in-memory-registry.js';
import { databaseKinds } from '../../support/test-databases.js';

for (const kind of databaseKinds()) {
  describe(`registry ports on Knex (${kind.name})`, () => {
    registryContract(async () => {
      const t = await kind.create();
      return {
        entities: new KnexEntityRepository(t.db),
        blocklist: new KnexBlocklist(t.db),
        reader: new KnexRegistryReader(t.db),
        second: async () => {
          const db = createKnex(t.url, t.options);
          return { entities: new KnexEntityRepository(db), dispose: () => db.destroy() };
        },
        dispose: () => t.dispose(),
      };
    });
  });
}

describe('registry ports in memory (the fake used by application tests)', () => {
  registryContract(async () => {
    const registry = new InMemoryRegistry();
    return { entities: registry, blocklist: blocklistView(registry), reader: registry, dispose: async () => undefined };
  });
});
