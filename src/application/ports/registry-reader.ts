import type { DomainName } from '../../domain/domain-name.js';
import type { RegistryRecords } from '../../domain/registry-verdict.js';
import type { ReportSummary } from '../../domain/scan/report.js';

/** What verify needs of storage: registry records of a name and its parents, and the name's latest report. */
export interface DomainRecords extends RegistryRecords {
  readonly latestReport: ReportSummary | undefined;
}

/**
 * The hot read of GET /verify: every entity and block stored under any of `names`, and the latest
 * report of `names[0]`, in one indexed lookup. Adapters: KnexRegistryReader. Fake: InMemoryRegistry.
 */
export interface RegistryReader {
  findRecords(names: readonly DomainName[]): Promise<DomainRecords>;
}
export const RegistryReader = Symbol('RegistryReader');
