import type { DomainName } from '../../domain/domain-name.js';

/** The fresh-scan budgets, shared by every instance that uses the same database. */
export interface AdmissionLimits {
  /** Fresh scans one client may start in any rolling hour. */
  readonly perClientPerHour: number;
  /** Fresh scans of one domain in any rolling hour. */
  readonly perDomainPerHour: number;
  /** Fresh scans of all clients in any rolling minute. */
  readonly globalPerMinute: number;
}
export const AdmissionLimits = Symbol('AdmissionLimits');

export type AdmissionDecision =
  | { readonly admitted: true }
  | { readonly admitted: false; readonly limit: 'client' | 'domain' | 'global'; readonly retryAfterSeconds: number };

/**
 * Decides, atomically across every instance sharing the store, whether a fresh scan may start, and
 * records it when it may. Adapters: KnexScanAdmission. Fake: InMemoryScanAdmission.
 * Rejects with AppError SCAN_UNAVAILABLE when the store cannot answer in time (never admits then).
 */
export interface ScanAdmission {
  admit(request: { readonly clientId: string; readonly domain: DomainName }, now: Date): Promise<AdmissionDecision>;
}
export const ScanAdmission = Symbol('ScanAdmission');
