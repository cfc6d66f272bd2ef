import type { OwnershipEvidenceStore, StoredRegistrant } from '../../src/application/ports/ownership-evidence-store.js';
import type { OwnershipCheck } from '../../src/domain/trust/ownership.js';

/** OwnershipEvidenceStore in memory; copies on the way in and out, as a database would. */
export class InMemoryOwnershipEvidenceStore implements OwnershipEvidenceStore {
  readonly checks = new Map<string, OwnershipCheck>();
  readonly registrants = new Map<string, StoredRegistrant>();

  async get(domain: string): Promise<OwnershipCheck | undefined> {
    const check = this.checks.get(domain);
    return check && structuredClone(check);
  }
  async put(check: OwnershipCheck): Promise<void> {
    this.checks.set(check.domain, structuredClone(check));
  }
  async getRegistrant(domain: string): Promise<StoredRegistrant | undefined> {
    const registrant = this.registrants.get(domain);
    return registrant && { ...registrant };
  }
  async putRegistrant(domain: string, registrant: StoredRegistrant): Promise<void> {
    this.registrants.set(domain, { ...registrant });
  }
}
