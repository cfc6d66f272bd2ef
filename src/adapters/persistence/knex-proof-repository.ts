import { inject, injectable } from 'inversify';
import type { Knex } from 'knex';
import type { EntityProof, ProofRepository, VerificationAttempt } from '../../application/ports/proof-repository.js';
import type { ProofState } from '../../domain/registration/proof-recheck.js';
import type { ProofMethod } from '../../domain/registration/registration.js';
import { Database } from './create-knex.js';

@injectable()
export class KnexProofRepository implements ProofRepository {
  constructor(@inject(Database) private readonly db: Knex) {}

  async save(p: EntityProof): Promise<void> {
    await this.db('entity_proofs').insert({
      entity_id: p.entityId,
      domain: p.domain,
      method: p.method,
      verification_code: p.verificationCode,
      contact_email: p.contactEmail,
      last_checked_at: p.lastCheckedAt,
      failures: p.failures,
      first_failure_at: p.firstFailureAt,
    });
  }

  async listActive(): Promise<EntityProof[]> {
    const rows = await this.db('entity_proofs as p')
      .join('entities as e', 'e.id', 'p.entity_id')
      .where('e.status', 'active')
      .select('p.*')
      .orderBy('p.last_checked_at');
    return rows.map((r) => ({
      entityId: r.entity_id,
      domain: r.domain,
      method: r.method as ProofMethod,
      verificationCode: r.verification_code,
      contactEmail: r.contact_email,
      lastCheckedAt: r.last_checked_at,
      failures: Number(r.failures),
      firstFailureAt: r.first_failure_at,
    }));
  }

  async updateState(entityId: string, state: ProofState): Promise<void> {
    await this.db('entity_proofs')
      .where({ entity_id: entityId })
      .update({ last_checked_at: state.lastCheckedAt, failures: state.failures, first_failure_at: state.firstFailureAt });
  }

  async recordAttempt(a: VerificationAttempt): Promise<void> {
    await this.db('verification_attempts').insert({
      registration_id: a.registrationId,
      entity_id: a.entityId,
      domain: a.domain,
      method: a.method,
      looked_up: a.lookedUp.slice(0, 2048),
      attempted_at: a.attemptedAt,
      result: a.result,
      detail: a.detail.slice(0, 500),
    });
  }

  async attempts(domain: string): Promise<VerificationAttempt[]> {
    const rows = await this.db('verification_attempts').where({ domain }).orderBy('id');
    return rows.map((r) => ({
      registrationId: r.registration_id,
      entityId: r.entity_id,
      domain: r.domain,
      method: r.method,
      lookedUp: r.looked_up,
      attemptedAt: r.attempted_at,
      result: r.result,
      detail: r.detail,
    }));
  }
}
