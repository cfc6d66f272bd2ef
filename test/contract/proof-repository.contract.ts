import { expect } from 'chai';
import type { EntityProof, ProofRepository } from '../../src/application/ports/proof-repository.js';

export interface ProofSubject {
  readonly proofs: ProofRepository;
  /** Adds an entity (active unless said otherwise) and its proof, last checked at `lastCheckedAt`. */
  seed(entityId: string, lastCheckedAt: string, options?: { active?: boolean }): Promise<void>;
  /** Another handle on the same store, as another instance would have (real stores only). */
  readonly second?: () => Promise<{ proofs: ProofRepository; dispose(): Promise<void> }>;
  dispose(): Promise<void>;
}

const NOW = new Date('2026-10-01T00:00:00.000Z');
const daysAgo = (days: number) => new Date(NOW.getTime() - days * 86_400_000).toISOString();

/** The behaviour every ProofRepository adapter must have. */
export function proofRepositoryContract(make: () => Promise<ProofSubject>): void {
  let s: ProofSubject;
  afterEach(async () => s?.dispose());

  it('claims due proofs of active entities, oldest due first, and hands a claimed one to nobody else until its lease ends', async () => {
    s = await make();
    await s.seed('ent_due001', daysAgo(31));
    await s.seed('ent_due002', daysAgo(40));
    await s.seed('ent_fresh001', daysAgo(2));
    await s.seed('ent_revoked001', daysAgo(50), { active: false });
    expect(await s.proofs.claimDue(NOW, 10, 60)).to.deep.equal(['ent_due002', 'ent_due001']);
    expect(await s.proofs.claimDue(NOW, 10, 60)).to.deep.equal([]);
    expect((await s.proofs.claimDue(new Date(NOW.getTime() + 61_000), 10, 60)).sort()).to.deep.equal(['ent_due001', 'ent_due002']);
  });

  it('releases a claim with the state after a look, due again when the state says, and keeps it while a revocation mail is owed', async () => {
    s = await make();
    await s.seed('ent_a001', daysAgo(31));
    await s.seed('ent_b001', daysAgo(31));
    expect((await s.proofs.claimDue(NOW, 10, 600)).sort()).to.deep.equal(['ent_a001', 'ent_b001']);
    const attempt = {
      registrationId: null,
      domain: 'a.example.com',
      method: 'dns_txt' as const,
      lookedUp: '_vetted-challenge.a.example.com',
      attemptedAt: NOW.toISOString(),
      result: 'not_found' as const,
      detail: 'no record',
    };
    await s.proofs.recordChecks([
      {
        entityId: 'ent_a001',
        attempts: [{ ...attempt, entityId: 'ent_a001' }],
        state: { lastCheckedAt: NOW.toISOString(), failures: 1, firstFailureAt: NOW.toISOString() },
        revocationMailDue: false,
      },
      {
        entityId: 'ent_b001',
        attempts: [{ ...attempt, entityId: 'ent_b001' }],
        state: { lastCheckedAt: NOW.toISOString(), failures: 3, firstFailureAt: daysAgo(4) },
        revocationMailDue: true,
      },
    ]);
    expect(await s.proofs.attempts('a.example.com')).to.have.length(2);
    const [a, b] = (await s.proofs.findByEntityIds(['ent_a001', 'ent_b001'])).sort((x, y) => x.entityId.localeCompare(y.entityId)) as [
      EntityProof,
      EntityProof,
    ];
    expect([a.failures, a.revocationMailDue, b.revocationMailDue]).to.deep.equal([1, false, true]);
    expect(await s.proofs.claimDue(new Date(NOW.getTime() + 60_000), 10, 600), 'a looked at proof is not due; the owed mail stays claimed').to.deep.equal([]);
    const dayLater = new Date(NOW.getTime() + 86_400_000);
    expect(
      (await s.proofs.claimDue(dayLater, 10, 600)).sort(),
      'a failed proof is due a day later; a mail still owed once its claim lapsed (its sender died)',
    ).to.deep.equal(['ent_a001', 'ent_b001']);
    await s.proofs.revocationMailed('ent_b001');
    expect((await s.proofs.findByEntityIds(['ent_b001']))[0]!.revocationMailDue).to.equal(false);
  });

  it("gives a registration's latest look: the attempts recorded at its newest instant, in order", async () => {
    s = await make();
    const attempt = (registrationId: string, attemptedAt: string, lookedUp: string) => ({
      registrationId,
      entityId: null,
      domain: 'a.example.com',
      method: 'dns_txt' as const,
      lookedUp,
      attemptedAt,
      result: 'not_found' as const,
      detail: 'no record',
    });
    expect(await s.proofs.latestAttempts('reg_a')).to.deep.equal([]);
    for (const a of [
      attempt('reg_a', daysAgo(1), 'old'),
      attempt('reg_a', daysAgo(0), 'first'),
      attempt('reg_b', daysAgo(0), 'other'),
      attempt('reg_a', daysAgo(0), 'second'),
    ])
      await s.proofs.recordAttempt(a);
    expect((await s.proofs.latestAttempts('reg_a')).map((a) => a.lookedUp)).to.deep.equal(['first', 'second']);
  });

  it('gives every due proof to exactly one of two instances claiming at once', async function () {
    s = await make();
    if (!s.second) return this.skip();
    for (let i = 0; i < 60; i++) await s.seed(`ent_c${String(i).padStart(3, '0')}`, daysAgo(31 + (i % 5)));
    const other = await s.second();
    try {
      const rounds = await Promise.all(Array.from({ length: 12 }, (_, i) => (i % 2 ? other.proofs : s.proofs).claimDue(NOW, 7, 600)));
      const claimed = rounds.flat();
      expect(new Set(claimed).size, 'no proof claimed twice').to.equal(claimed.length);
      const rest = await s.proofs.claimDue(NOW, 100, 600);
      expect(claimed.length + rest.length).to.equal(60);
    } finally {
      await other.dispose();
    }
  });
}
