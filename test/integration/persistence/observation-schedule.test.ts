import { createKnex } from '../../../src/adapters/persistence/create-knex.js';
import { KnexEntityRepository } from '../../../src/adapters/persistence/knex-entity-repository.js';
import { KnexObservationSchedule } from '../../../src/adapters/persistence/knex-observation-schedule.js';
import type { NewEntity } from '../../../src/application/ports/entity-repository.js';
import type { DomainName } from '../../../src/domain/domain-name.js';
import { observationScheduleContract } from '../../contract/observation-schedule.contract.js';
import { InMemoryObservationSchedule } from '../../fakes/in-memory-observation-schedule.js';
import { InMemoryRegistry } from '../../fakes/in-memory-registry.js';
import { databaseKinds } from '../../support/test-databases.js';

function entityOf(domain: string, expiresAt = '2030-01-01T00:00:00.000Z'): NewEntity {
  return {
    name: domain,
    domain: domain as DomainName,
    type: 'business',
    level: 'verified',
    coverage: 'zone',
    verifiedAt: '2026-01-01T00:00:00.000Z',
    expiresAt,
  };
}

for (const kind of databaseKinds()) {
  describe(`ObservationSchedule on Knex (${kind.name})`, () => {
    observationScheduleContract(async () => {
      const t = await kind.create();
      const entities = new KnexEntityRepository(t.db);
      return {
        schedule: new KnexObservationSchedule(t.db),
        async seed(domain, options = {}) {
          const entity = await entities.create(entityOf(domain, options.expiresAt));
          if (options.active === false) await t.db('entities').where({ id: entity.id }).update({ status: 'revoked' });
        },
        async revoke(domain) {
          await t.db('entities').where({ domain }).update({ status: 'revoked' });
        },
        second: async () => {
          const db = createKnex(t.url, t.options);
          return { schedule: new KnexObservationSchedule(db), dispose: () => db.destroy() };
        },
        dispose: () => t.dispose(),
      };
    });
  });
}

describe('ObservationSchedule in memory (the fake)', () => {
  observationScheduleContract(async () => {
    const registry = new InMemoryRegistry();
    return {
      schedule: new InMemoryObservationSchedule(() => registry.list()),
      async seed(domain, options = {}) {
        const entity = await registry.create(entityOf(domain, options.expiresAt));
        if (options.active === false) await registry.setStatus(entity.id, 'revoked');
      },
      async revoke(domain) {
        for (const e of registry.entities.filter((x) => x.domain === domain)) await registry.setStatus(e.id, 'revoked');
      },
      dispose: async () => undefined,
    };
  });
});
