import { inject, injectable } from 'inversify';
import type { Knex } from 'knex';
import type { CheckRecord, EntityProof, ProofRepository, VerificationAttempt } from '../../application/ports/proof-repository.js';
import { nextRecheckAt, type ProofState } from '../../domain/registration/proof-recheck.js';
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
      due_at: nextRecheckAt(p),
      revocation_mail_due: false,
    });
  }

  async claimDue(now: Date, limit: number, leaseSeconds: number): Promise<string[]> {
    const at = now.toISOString();
    const until = new Date(now.getTime() + leaseSeconds * 1000).toISOString();
    const free = (q: Knex.QueryBuilder) => q.whereNull('claimed_until').orWhere('claimed_until', '<', at);
    const due = (which: (q: Knex.QueryBuilder) => void, count: number) =>
      this.db('entity_proofs as p')
        .join('entities as e', 'e.id', 'p.entity_id')
        .where('e.status', 'active')
        .andWhere('p.due_at', '<=', at)
        .andWhere(which)
        .orderBy('p.due_at')
        .limit(count)
        .select('p.entity_id');
    // One statement each: the rows are picked and claimed atomically, so two instances never get
    // the same proof (PostgreSQL re-checks the guard on rows another claimer just updated; SQLite
    // takes its write lock for the whole statement, with no read-then-write upgrade to fail).
    const claim = async (pick: Knex.QueryBuilder) =>
      (await this.db('entity_proofs').whereIn('entity_id', pick).andWhere(free).update({ claimed_until: until }, ['entity_id', 'due_at'])) as Array<{
        entity_id: string;
        due_at: string;
      }>;
    // Unclaimed proofs first, through the partial index; lapsed claims only once those run out.
    const unclaimed = await claim(due((q) => q.whereNull('p.claimed_until'), limit));
    const lapsed = unclaimed.length < limit ? await claim(due((q) => q.where('p.claimed_until', '<', at), limit - unclaimed.length)) : [];
    const claimed = [...unclaimed, ...lapsed];
    const room = limit - claimed.length;
    const owed =
      room > 0
        ? ((await this.db('entity_proofs')
            .whereIn('entity_id', this.db('entity_proofs').where('revocation_mail_due', true).andWhere(free).limit(room).select('entity_id'))
            .andWhere(free)
            .update({ claimed_until: until }, ['entity_id', 'due_at'])) as Array<{ entity_id: string; due_at: string }>)
        : [];
    return [...claimed.sort((a, b) => a.due_at.localeCompare(b.due_at)), ...owed].map((r) => r.entity_id);
  }

  async findByEntityIds(entityIds: readonly string[]): Promise<EntityProof[]> {
    if (entityIds.length === 0) return [];
    const rows = await this.db('entity_proofs as p')
      .leftJoin('entities as e', 'e.id', 'p.entity_id')
      .whereIn('p.entity_id', [...entityIds])
      .select('p.*', 'e.status as entity_status');
    return rows.map((r) => ({
      entityId: r.entity_id,
      domain: r.domain,
      method: r.method as ProofMethod,
      verificationCode: r.verification_code,
      contactEmail: r.contact_email,
      lastCheckedAt: r.last_checked_at,
      failures: Number(r.failures),
      firstFailureAt: r.first_failure_at,
      entityActive: r.entity_status === 'active',
      revocationMailDue: Boolean(r.revocation_mail_due),
    }));
  }

  async updateState(entityId: string, state: ProofState, flags: { revocationMailDue?: boolean } = {}): Promise<void> {
    const owed = flags.revocationMailDue === true;
    await this.db('entity_proofs')
      .where({ entity_id: entityId })
      .update({
        last_checked_at: state.lastCheckedAt,
        failures: state.failures,
        first_failure_at: state.firstFailureAt,
        due_at: nextRecheckAt(state),
        revocation_mail_due: owed,
        // While the mail is owed the claim stays, so that no sweep hands the proof to a second sender.
        ...(owed ? {} : { claimed_until: null }),
      });
  }

  async recordChecks(results: readonly CheckRecord[]): Promise<void> {
    if (results.length === 0) return;
    await this.db.transaction(async (trx) => {
      const attempts = results.flatMap((r) => r.attempts.map(attemptRow));
      if (attempts.length > 0) await trx('verification_attempts').insert(attempts);
      for (const r of results) {
        await trx('entity_proofs')
          .where({ entity_id: r.entityId })
          .update({
            last_checked_at: r.state.lastCheckedAt,
            failures: r.state.failures,
            first_failure_at: r.state.firstFailureAt,
            due_at: nextRecheckAt(r.state),
            revocation_mail_due: r.revocationMailDue,
            ...(r.revocationMailDue ? {} : { claimed_until: null }),
          });
      }
    });
  }

  async revocationMailed(entityId: string): Promise<void> {
    await this.db('entity_proofs').where({ entity_id: entityId }).update({ revocation_mail_due: false, claimed_until: null });
  }

  async recordAttempt(a: VerificationAttempt): Promise<void> {
    await this.db('verification_attempts').insert(attemptRow(a));
  }

  async attempts(domain: string): Promise<VerificationAttempt[]> {
    return (await this.db('verification_attempts').where({ domain }).orderBy('id')).map(toAttempt);
  }

  async latestAttempts(registrationId: string): Promise<VerificationAttempt[]> {
    const newest = this.db('verification_attempts').max('attempted_at').where({ registration_id: registrationId });
    const rows = await this.db('verification_attempts').where({ registration_id: registrationId }).andWhere('attempted_at', newest).orderBy('id');
    return rows.map(toAttempt);
  }
}

function toAttempt(r: AttemptRow): VerificationAttempt {
  return {
    registrationId: r.registration_id,
    entityId: r.entity_id,
    domain: r.domain,
    method: r.method,
    lookedUp: r.looked_up,
    attemptedAt: r.attempted_at,
    result: r.result,
    detail: r.detail,
  };
}

interface AttemptRow {
  registration_id: string | null;
  entity_id: string | null;
  domain: string;
  method: VerificationAttempt['method'];
  looked_up: string;
  attempted_at: string;
  result: VerificationAttempt['result'];
  detail: string;
}

function attemptRow(a: VerificationAttempt): Record<string, unknown> {
  return {
    registration_id: a.registrationId,
    entity_id: a.entityId,
    domain: a.domain,
    method: a.method,
    looked_up: a.lookedUp.slice(0, 2048),
    attempted_at: a.attemptedAt,
    result: a.result,
    detail: a.detail.slice(0, 500),
  };
}
