import type { DomainName } from '../../domain/domain-name.js';
import type { RegistryRecords } from '../../domain/registry-verdict.js';
import type { ReportSummary } from '../../domain/scan/report.js';
import type { OwnershipCheck } from '../../domain/trust/ownership.js';
import type { StoredObservations } from './trust-observation-store.js';

/** What verify needs of storage: registry records of a name and its parents, and the name's latest report. */
export interface DomainRecords extends RegistryRecords {
  readonly latestReport: ReportSummary | undefined;
}

/**
 * The rest of what the same read found of the asked name, when the store keeps a name's facts
 * together: its stored observations and ownership check, which signals=true would read next.
 */
export interface ReadAhead {
  readonly observations: StoredObservations;
  readonly ownership: OwnershipCheck | undefined;
}

/**
 * The hot read of GET /verify: every entity and block stored under any of `names`, and the latest
 * report of `names[0]`, in one indexed lookup. Adapters: KnexRegistryReader (one point read of
 * `verdict_facts`, which also gives `readAhead`). Fake: InMemoryRegistry (no read-ahead).
 */
export interface RegistryReader {
  findRecords(names: readonly DomainName[]): Promise<DomainRecords & { readonly readAhead?: ReadAhead }>;
  /**
   * Up to `limit` names under which anything a verdict is judged from is stored, in ascending
   * order, each after `after` (from the first when undefined): the pages KnownNames loads. Read
   * from the primary, never a replica that may lag.
   */
  knownNames(after: string | undefined, limit: number): Promise<readonly string[]>;
}
export const RegistryReader = Symbol('RegistryReader');
