import { createKnex } from '../../../src/adapters/persistence/create-knex.js';
import { KnexCounterpartyBindings } from '../../../src/adapters/persistence/knex-counterparty-bindings.js';
import { KnexEntityRepository } from '../../../src/adapters/persistence/knex-entity-repository.js';
import { counterpartyBindingsContract } from '../../contract/counterparty-bindings.contract.js';
import { InMemoryCounterpartyBindings } from '../../fakes/in-memory-counterparty-bindings.js';
import { aNewEntity } from '../../support/builders.js';
import { databaseKinds } from '../../support/test-databases.js';

for (const kind of databaseKinds()) {
  describe(`CounterpartyBindings on Knex (${kind.name})`, () => {
    counterpartyBindingsContract(async () => {
      const t = await kind.create();
      const entities = new KnexEntityRepository(t.db);
      return {
        store: new KnexCounterpartyBindings(t.db),
        second: async () => {
          const db = createKnex(t.url, t.options);
          return { store: new KnexCounterpartyBindings(db), dispose: () => db.destroy() };
        },
        entity: async (_id, domain) => {
          const created = await entities.create(aNewEntity({ name: `Shop ${domain}`, domain, expiresAt: '2099-01-01T00:00:00.000Z' }));
          return { id: created.id, name: created.name, domain };
        },
        dispose: () => t.dispose(),
      };
    });
  });
}

describe('CounterpartyBindings in memory (the fake)', () => {
  counterpartyBindingsContract(async () => ({
    store: new InMemoryCounterpartyBindings(),
    entity: async (id, domain) => ({ id, name: `Shop ${domain}`, domain }),
    dispose: async () => undefined,
  }));
});
