import type { DomainName } from '../../domain/domain-name.js';
import type { RegistryRecords } from '../../domain/registry-verdict.js';

/**
 * The hot read of GET /verify: every entity and block stored under any of `names`, in one
 * indexed lookup. Adapters: KnexRegistryReader. Fake: InMemoryRegistry.
 */
export interface RegistryReader {
  findRecords(names: readonly DomainName[]): Promise<RegistryRecords>;
}
export const RegistryReader = Symbol('RegistryReader');
