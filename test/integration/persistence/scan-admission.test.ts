import { createKnex } from '../../../src/adapters/persistence/create-knex.js';
import { KnexScanAdmission } from '../../../src/adapters/persistence/knex-scan-admission.js';
import { scanAdmissionContract } from '../../contract/scan-admission.contract.js';
import { InMemoryScanAdmission } from '../../fakes/in-memory-scan-admission.js';
import { databaseKinds } from '../../support/test-databases.js';

for (const kind of databaseKinds()) {
  describe(`ScanAdmission on Knex (${kind.name})`, () => {
    scanAdmissionContract(async (limits) => {
      const t = await kind.create();
      return {
        admission: new KnexScanAdmission(t.db, limits),
        second: async () => {
          const db = createKnex(t.url, t.options);
          return { admission: new KnexScanAdmission(db, limits), db, dispose: () => db.destroy() };
        },
        dispose: () => t.dispose(),
      };
    });
  });
}

describe('ScanAdmission in memory (the fake)', () => {
  scanAdmissionContract(async (limits) => ({ admission: new InMemoryScanAdmission(limits), dispose: async () => undefined }));
});
