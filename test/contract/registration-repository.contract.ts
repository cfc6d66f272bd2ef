import { expect } from 'chai';
import type { RegistrationRepository } from '../../src/application/ports/registration-repository.js';
import type { Registration } from '../../src/domain/registration/registration.js';

export interface RegistrationSubject {
  readonly registrations: RegistrationRepository;
  /** Another handle on the same store, as another instance would have (real stores only). */
  readonly second?: () => Promise<{ registrations: RegistrationRepository; dispose(): Promise<void> }>;
  dispose(): Promise<void>;
}

const LIMIT = { max: 5, since: '2026-08-31T00:00:00.000Z' };

function aRegistration(id: string): Registration {
  return {
    id,
    domain: 'shop.example.com' as never,
    entityName: 'Shop',
    entityType: 'business',
    contactEmail: `${id}@example.com`,
    website: null,
    clientId: id,
    status: 'pending',
    verificationCode: 'code',
    createdAt: '2026-09-01T00:00:00.000Z',
    expiresAt: '2026-09-08T00:00:00.000Z',
    verifiedAt: null,
    entityId: null,
    proofMethod: null,
  };
}

/** The behaviour every RegistrationRepository adapter must have (the page and its checks). */
export function registrationRepositoryContract(make: () => Promise<RegistrationSubject>): void {
  let s: RegistrationSubject;
  afterEach(async () => s?.dispose());

  it('finds a registration by the hash of its confirmation token and by the hash of its page token, and by nothing else', async () => {
    s = await make();
    expect(await s.registrations.createWithinLimit(aRegistration('reg_a'), { confirmation: 'c'.repeat(64), page: 'p'.repeat(64) }, LIMIT)).to.equal(true);
    expect((await s.registrations.findByTokenHash('c'.repeat(64)))?.id).to.equal('reg_a');
    expect((await s.registrations.findByPageTokenHash('p'.repeat(64)))?.id).to.equal('reg_a');
    expect(await s.registrations.findByPageTokenHash('c'.repeat(64))).to.equal(undefined);
    expect(await s.registrations.findByTokenHash('p'.repeat(64))).to.equal(undefined);
  });

  it('claims a check only when the last one started before `since`, and says when the last one started', async () => {
    s = await make();
    await s.registrations.createWithinLimit(aRegistration('reg_b'), { confirmation: 'd'.repeat(64), page: 'q'.repeat(64) }, LIMIT);
    expect(await s.registrations.claimCheck('reg_b', '2026-09-01T00:00:00.000Z', '2026-08-31T23:59:50.000Z')).to.deep.equal({ kind: 'claimed' });
    expect(await s.registrations.claimCheck('reg_b', '2026-09-01T00:00:04.000Z', '2026-08-31T23:59:54.000Z')).to.deep.equal({
      kind: 'too_soon',
      lastCheckAt: '2026-09-01T00:00:00.000Z',
    });
    expect(await s.registrations.claimCheck('reg_b', '2026-09-01T00:00:10.000Z', '2026-09-01T00:00:00.000Z')).to.deep.equal({ kind: 'claimed' });
    expect((await s.registrations.claimCheck('reg_none', '2026-09-01T00:00:10.000Z', '2026-09-01T00:00:00.000Z')).kind).to.equal('too_soon');
  });

  it('gives a check to exactly one of two instances claiming at once', async function () {
    s = await make();
    if (!s.second) return this.skip();
    await s.registrations.createWithinLimit(aRegistration('reg_c'), { confirmation: 'e'.repeat(64), page: 'r'.repeat(64) }, LIMIT);
    const other = await s.second();
    try {
      const claims = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          (i % 2 ? other.registrations : s.registrations).claimCheck('reg_c', '2026-09-01T00:00:00.000Z', '2026-08-31T23:59:50.000Z'),
        ),
      );
      expect(claims.filter((c) => c.kind === 'claimed')).to.have.length(1);
    } finally {
      await other.dispose();
    }
  });
}
