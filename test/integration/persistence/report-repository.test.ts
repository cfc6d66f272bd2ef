import { KnexReportRepository } from '../../../src/adapters/persistence/knex-report-repository.js';
import { reportRepositoryContract } from '../../contract/report-repository.contract.js';
import { InMemoryReportRepository } from '../../fakes/in-memory-report-repository.js';
import { databaseKinds } from '../../support/test-databases.js';

for (const kind of databaseKinds()) {
  describe(`ReportRepository on Knex (${kind.name})`, () => {
    reportRepositoryContract(async () => {
      const t = await kind.create();
      return { repo: new KnexReportRepository(t.db), dispose: () => t.dispose() };
    });
  });
}

describe('ReportRepository in memory (the fake)', () => {
  reportRepositoryContract(async () => ({ repo: new InMemoryReportRepository(), dispose: async () => undefined }));
});
