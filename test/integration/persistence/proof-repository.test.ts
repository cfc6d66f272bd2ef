import { createKnex } from '../../../src/adapters/persistence/create-knex.js';
import { KnexEntityRepository } from '../../../src/adapters/persistence/knex-entity-repository.js';
import { KnexProofRepository } from '../../../src/adapters/persistence/knex-proof-repository.js';
import type { EntityProof } from '../../../src/application/ports/proof-repository.js';
import { proofRepositoryContract } from '../../contract/proof-repository.contract.js';
import { InMemoryProofRepository } from '../../fakes/in-memory-registrations.js';
import { databaseKinds } from '../../support/test-databases.js';

function proofOf(entityId: string, lastCheckedAt: string): EntityProof {
  const domain = `${entityId.replace(/^ent_/, '')}.example.com`;
  return { entityId, domain, method: 'dns_txt', verificationCode: 'code', contactEmail: 'owner@example.com', lastCheckedAt, failures: 0, firstFailureAt: null };
}

for (const kind of databaseKinds()) {
  describe(`ProofRepository on Knex (${kind.name})`, () => {
    proofRepositoryContract(async () => {
      const t = await kind.create();
      const proofs = new KnexProofRepository(t.db);
      return {
        proofs,
        async seed(entityId, lastCheckedAt, options = {}) {
          const proof = proofOf(entityId, lastCheckedAt);
          // Entities get their own ids from the repository; the proof refers to the real one.
          const entity = await new KnexEntityRepository(t.db).create({
            name: entityId,
            domain: proof.domain as never,
            type: 'business',
            level: 'verified',
            coverage: 'zone',
            verifiedAt: lastCheckedAt,
            expiresAt: '2030-01-01T00:00:00.000Z',
          });
          await t
            .db('entities')
            .where({ id: entity.id })
            .update({ id: entityId, status: options.active === false ? 'revoked' : 'active' });
          await proofs.save(proof);
        },
        second: async () => {
          const db = createKnex(t.url, t.options);
          return { proofs: new KnexProofRepository(db), dispose: () => db.destroy() };
        },
        dispose: () => t.dispose(),
      };
    });
  });
}

describe('ProofRepository in memory (the fake)', () => {
  proofRepositoryContract(async () => {
    const proofs = new InMemoryProofRepository();
    return {
      proofs,
      async seed(entityId, lastCheckedAt, options = {}) {
        await proofs.save(proofOf(entityId, lastCheckedAt));
        if (options.active === false) proofs.inactive.add(entityId);
      },
      dispose: async () => undefined,
    };
  });
});
