import { inject, injectable } from 'inversify';
import type { Knex } from 'knex';
import type { OwnershipEvidenceStore, StoredRegistrant } from '../../application/ports/ownership-evidence-store.js';
import type { OwnershipCheck } from '../../domain/trust/ownership.js';
import { Database } from './create-knex.js';

/** OwnershipEvidenceStore on `ownership_checks` and `rdap_registrants` (migration 012). */
@injectable()
export class KnexOwnershipEvidenceStore implements OwnershipEvidenceStore {
  constructor(@inject(Database) private readonly db: Knex) {}

  async get(domain: string): Promise<OwnershipCheck | undefined> {
    const row = await this.db('ownership_checks').where({ domain }).first('domain', 'brand', 'checked_at', 'evidence', 'unanswered');
    if (!row) return undefined;
    return { domain: row.domain, brand: row.brand, checkedAt: row.checked_at, evidence: JSON.parse(row.evidence), unanswered: JSON.parse(row.unanswered) };
  }

  async put(check: OwnershipCheck): Promise<void> {
    await this.db('ownership_checks')
      .insert({
        domain: check.domain,
        brand: check.brand,
        checked_at: check.checkedAt,
        evidence: JSON.stringify(check.evidence),
        unanswered: JSON.stringify(check.unanswered),
      })
      .onConflict('domain')
      .merge();
  }

  async getRegistrant(domain: string): Promise<StoredRegistrant | undefined> {
    const row = await this.db('rdap_registrants').where({ domain }).first('organisation', 'observed_at');
    return row ? { organisation: row.organisation ?? null, observedAt: row.observed_at } : undefined;
  }

  async putRegistrant(domain: string, registrant: StoredRegistrant): Promise<void> {
    await this.db('rdap_registrants')
      .insert({ domain, organisation: registrant.organisation, observed_at: registrant.observedAt })
      .onConflict('domain')
      .merge();
  }
}
