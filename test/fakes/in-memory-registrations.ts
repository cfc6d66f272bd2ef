import type { CheckRecord, EntityProof, ProofRepository, VerificationAttempt } from '../../src/application/ports/proof-repository.js';
import type { CheckClaim, RegistrationRepository, RegistrationTokenHashes } from '../../src/application/ports/registration-repository.js';
import type { DnsResolver } from '../../src/application/ports/dns-resolver.js';
import { nextRecheckAt, type ProofState } from '../../src/domain/registration/proof-recheck.js';
import type { ProofMethod, Registration } from '../../src/domain/registration/registration.js';

export class InMemoryRegistrationRepository implements RegistrationRepository {
  readonly rows: Array<{ registration: Registration; tokenHash: string; pageTokenHash: string; checkedAt: string | null }> = [];

  async createWithinLimit(registration: Registration, hashes: RegistrationTokenHashes, limit: { max: number; since: string }): Promise<boolean> {
    // Counted and stored with no await in between, as atomic as the real adapter's transaction.
    const recent = this.rows.map((r) => r.registration).filter((r) => r.createdAt > limit.since);
    const byClient = recent.filter((r) => r.clientId === registration.clientId).length;
    const byContact = recent.filter((r) => r.contactEmail === registration.contactEmail).length;
    if (byClient >= limit.max || byContact >= limit.max) return false;
    this.rows.push({ registration, tokenHash: hashes.confirmation, pageTokenHash: hashes.page, checkedAt: null });
    return true;
  }
  async findByTokenHash(tokenHash: string): Promise<Registration | undefined> {
    return this.rows.find((r) => r.tokenHash === tokenHash)?.registration;
  }
  async findByPageTokenHash(pageTokenHash: string): Promise<Registration | undefined> {
    return this.rows.find((r) => r.pageTokenHash === pageTokenHash)?.registration;
  }
  async claimCheck(id: string, at: string, since: string): Promise<CheckClaim> {
    const row = this.rows.find((r) => r.registration.id === id);
    if (!row) return { kind: 'too_soon', lastCheckAt: '' };
    if (row.checkedAt !== null && row.checkedAt > since) return { kind: 'too_soon', lastCheckAt: row.checkedAt };
    row.checkedAt = at;
    return { kind: 'claimed' };
  }
  async findById(id: string): Promise<Registration | undefined> {
    return this.rows.find((r) => r.registration.id === id)?.registration;
  }
  async markVerified(id: string, result: { verifiedAt: string; method: ProofMethod }): Promise<boolean> {
    const row = this.rows.find((r) => r.registration.id === id);
    if (row?.registration.status !== 'pending') return false;
    row.registration = { ...row.registration, status: 'verified', verifiedAt: result.verifiedAt, proofMethod: result.method };
    return true;
  }
  async setEntity(id: string, entityId: string): Promise<void> {
    const row = this.rows.find((r) => r.registration.id === id)!;
    row.registration = { ...row.registration, entityId };
  }
}

export class InMemoryProofRepository implements ProofRepository {
  readonly proofs: EntityProof[] = [];
  readonly log: VerificationAttempt[] = [];
  /** Entity ids that are no longer active (the real adapter joins entities). */
  inactive = new Set<string>();
  private readonly claims = new Map<string, number>();

  async save(proof: EntityProof): Promise<void> {
    this.proofs.push({ ...proof, revocationMailDue: false });
  }
  async claimDue(now: Date, limit: number, leaseSeconds: number): Promise<string[]> {
    const free = (p: EntityProof) => (this.claims.get(p.entityId) ?? 0) < now.getTime();
    const due = this.proofs
      .filter((p) => free(p) && (p.revocationMailDue || (!this.inactive.has(p.entityId) && now.getTime() >= Date.parse(nextRecheckAt(p)))))
      .sort((a, b) => nextRecheckAt(a).localeCompare(nextRecheckAt(b)))
      .slice(0, limit);
    for (const p of due) this.claims.set(p.entityId, now.getTime() + leaseSeconds * 1000);
    return due.map((p) => p.entityId);
  }
  async findByEntityIds(entityIds: readonly string[]): Promise<EntityProof[]> {
    return this.proofs.filter((p) => entityIds.includes(p.entityId)).map((p) => ({ ...p, entityActive: !this.inactive.has(p.entityId) }));
  }
  async updateState(entityId: string, state: ProofState, flags: { revocationMailDue?: boolean } = {}): Promise<void> {
    const i = this.proofs.findIndex((p) => p.entityId === entityId);
    this.proofs[i] = { ...this.proofs[i]!, ...state, revocationMailDue: flags.revocationMailDue === true };
    if (!flags.revocationMailDue) this.claims.delete(entityId);
  }
  async recordChecks(results: readonly CheckRecord[]): Promise<void> {
    for (const r of results) {
      for (const attempt of r.attempts) await this.recordAttempt(attempt);
      await this.updateState(r.entityId, r.state, { revocationMailDue: r.revocationMailDue });
    }
  }
  async revocationMailed(entityId: string): Promise<void> {
    const i = this.proofs.findIndex((p) => p.entityId === entityId);
    this.proofs[i] = { ...this.proofs[i]!, revocationMailDue: false };
    this.claims.delete(entityId);
  }
  async recordAttempt(attempt: VerificationAttempt): Promise<void> {
    this.log.push(attempt);
  }
  async attempts(domain: string): Promise<VerificationAttempt[]> {
    return this.log.filter((a) => a.domain === domain);
  }
  async latestAttempts(registrationId: string): Promise<VerificationAttempt[]> {
    const own = this.log.filter((a) => a.registrationId === registrationId);
    // biome-ignore lint/complexity/useMathMinMax: ISO timestamps, compared as strings
    const newest = own.reduce((max, a) => (a.attemptedAt > max ? a.attemptedAt : max), '');
    return own.filter((a) => a.attemptedAt === newest);
  }
}

/** TXT, NS and address answers from a table; names not in it have none. */
export class FakeDnsResolver implements DnsResolver {
  readonly txt = new Map<string, string[][]>();
  readonly ns = new Map<string, string[]>();
  async resolveAddresses(): Promise<string[]> {
    return [];
  }
  async resolveTxt(name: string): Promise<string[][]> {
    return this.txt.get(name) ?? [];
  }
  async resolveNs(name: string): Promise<string[]> {
    return this.ns.get(name) ?? [];
  }
}
