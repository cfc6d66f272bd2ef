import { createKnex } from '../../../src/adapters/persistence/create-knex.js';
import { KnexObservationClaims } from '../../../src/adapters/persistence/knex-observation-claims.js';
import { observationClaimsContract } from '../../contract/observation-claims.contract.js';
import { InMemoryObservationClaims } from '../../fakes/in-memory-observation-claims.js';
import { databaseKinds } from '../../support/test-databases.js';

for (const kind of databaseKinds()) {
  describe(`ObservationClaims on Knex (${kind.name})`, () => {
    observationClaimsContract(async () => {
      const t = await kind.create();
      return {
        claims: new KnexObservationClaims(t.db),
        second: async () => {
          const db = createKnex(t.url, t.options);
          return { claims: new KnexObservationClaims(db), dispose: () => db.destroy() };
        },
        dispose: () => t.dispose(),
      };
    });
  });
}

describe('ObservationClaims in memory (the fake)', () => {
  observationClaimsContract(async () => ({ claims: new InMemoryObservationClaims(), dispose: async () => undefined }));
});
