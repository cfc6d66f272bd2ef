import { inject, injectable } from 'inversify';
import type { Knex } from 'knex';
import type { CheckClaim, RegistrationRepository, RegistrationTokenHashes } from '../../application/ports/registration-repository.js';
import type { DomainName } from '../../domain/domain-name.js';
import type { EntityType } from '../../domain/entity.js';
import type { ProofMethod, Registration, RegistrationStatus } from '../../domain/registration/registration.js';
import { Database } from './create-knex.js';
import { toCount } from './sql-errors.js';

interface RegistrationRow {
  id: string;
  domain: string;
  entity_name: string;
  entity_type: string;
  contact_email: string;
  website: string | null;
  client_id: string;
  status: string;
  verification_code: string;
  token_hash: string;
  page_token_hash: string | null;
  checked_at: string | null;
  created_at: string;
  expires_at: string;
  verified_at: string | null;
  entity_id: string | null;
  proof_method: string | null;
}

@injectable()
export class KnexRegistrationRepository implements RegistrationRepository {
  constructor(@inject(Database) private readonly db: Knex) {}

  async createWithinLimit(r: Registration, hashes: RegistrationTokenHashes, limit: { max: number; since: string }): Promise<boolean> {
    return this.db.transaction(async (trx) => {
      // The same lock row as scan admission: decisions of every process sharing the database go one at a time.
      await trx('admission_lock').where({ id: 1 }).increment('decisions', 1);
      const [byClient, byContact] = await Promise.all([
        trx('registrations').where({ client_id: r.clientId }).andWhere('created_at', '>', limit.since).count({ n: '*' }).first(),
        trx('registrations').where({ contact_email: r.contactEmail }).andWhere('created_at', '>', limit.since).count({ n: '*' }).first(),
      ]);
      if (toCount(byClient?.n) >= limit.max || toCount(byContact?.n) >= limit.max) return false;
      await trx('registrations').insert(toRow(r, hashes));
      return true;
    });
  }

  async findByTokenHash(tokenHash: string): Promise<Registration | undefined> {
    const row = await this.db<RegistrationRow>('registrations').where({ token_hash: tokenHash }).first();
    return row ? toRegistration(row) : undefined;
  }

  async findByPageTokenHash(pageTokenHash: string): Promise<Registration | undefined> {
    const row = await this.db<RegistrationRow>('registrations').where({ page_token_hash: pageTokenHash }).first();
    return row ? toRegistration(row) : undefined;
  }

  async claimCheck(id: string, at: string, since: string): Promise<CheckClaim> {
    // One conditional UPDATE: the database decides, whichever instance asks.
    const changed = await this.db('registrations')
      .where({ id })
      .andWhere((q) => q.whereNull('checked_at').orWhere('checked_at', '<=', since))
      .update({ checked_at: at });
    if (changed > 0) return { kind: 'claimed' };
    const row = await this.db<RegistrationRow>('registrations').where({ id }).first('checked_at');
    return { kind: 'too_soon', lastCheckAt: row?.checked_at ?? '' };
  }

  async findById(id: string): Promise<Registration | undefined> {
    const row = await this.db<RegistrationRow>('registrations').where({ id }).first();
    return row ? toRegistration(row) : undefined;
  }

  async markVerified(id: string, result: { verifiedAt: string; method: ProofMethod }): Promise<boolean> {
    const changed = await this.db('registrations')
      .where({ id, status: 'pending' })
      .update({ status: 'verified', verified_at: result.verifiedAt, proof_method: result.method });
    return changed > 0;
  }

  async setEntity(id: string, entityId: string): Promise<void> {
    await this.db('registrations').where({ id }).update({ entity_id: entityId });
  }
}

function toRow(r: Registration, hashes: RegistrationTokenHashes): RegistrationRow {
  return {
    id: r.id,
    domain: r.domain,
    entity_name: r.entityName,
    entity_type: r.entityType,
    contact_email: r.contactEmail,
    website: r.website,
    client_id: r.clientId,
    status: r.status,
    verification_code: r.verificationCode,
    token_hash: hashes.confirmation,
    page_token_hash: hashes.page,
    checked_at: null,
    created_at: r.createdAt,
    expires_at: r.expiresAt,
    verified_at: r.verifiedAt,
    entity_id: r.entityId,
    proof_method: r.proofMethod,
  };
}

function toRegistration(row: RegistrationRow): Registration {
  return {
    id: row.id,
    domain: row.domain as DomainName,
    entityName: row.entity_name,
    entityType: row.entity_type as EntityType,
    contactEmail: row.contact_email,
    website: row.website,
    clientId: row.client_id,
    status: row.status as RegistrationStatus,
    verificationCode: row.verification_code,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    verifiedAt: row.verified_at,
    entityId: row.entity_id,
    proofMethod: row.proof_method as ProofMethod | null,
  };
}
