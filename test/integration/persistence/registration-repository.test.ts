import { createKnex } from '../../../src/adapters/persistence/create-knex.js';
import { KnexRegistrationRepository } from '../../../src/adapters/persistence/knex-registration-repository.js';
import { registrationRepositoryContract } from '../../contract/registration-repository.contract.js';
import { InMemoryRegistrationRepository } from '../../fakes/in-memory-registrations.js';
import { databaseKinds } from '../../support/test-databases.js';

for (const kind of databaseKinds()) {
  describe(`RegistrationRepository on Knex (${kind.name})`, () => {
    registrationRepositoryContract(async () => {
      const t = await kind.create();
      return {
        registrations: new KnexRegistrationRepository(t.db),
        second: async () => {
          const db = createKnex(t.url, t.options);
          return { registrations: new KnexRegistrationRepository(db), dispose: () => db.destroy() };
        },
        dispose: () => t.dispose(),
      };
    });
  });
}

describe('RegistrationRepository in memory (the fake)', () => {
  registrationRepositoryContract(async () => ({ registrations: new InMemoryRegistrationRepository(), dispose: async () => undefined }));
});
