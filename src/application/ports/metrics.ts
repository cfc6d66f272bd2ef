import type { Tier } from '../../domain/access/tier.js';
import type { DeliveryOutcome } from './webhook-outbox.js';

/** How a scan request ended: a new report stored, a recent one reused, or no report. */
export type ScanEnd = 'stored' | 'reused' | 'failed';
/** Which budget refused a fresh scan; `unavailable` when the budget could not be checked. */
export type RefusingBudget = 'client' | 'domain' | 'global' | 'unavailable';
/** The per-process caches whose hits are counted. */
export type CacheName = 'registry' | 'observations' | 'answers';
/** How one proof re-check ended. */
export type RecheckEnd = 'proven' | 'failed' | 'revoked';
/** How one webhook delivery attempt ended: delivered, to be retried, or given up (the watch disabled). */
export type DeliveryEnd = DeliveryOutcome;

/**
 * What the service counts for its operators (GET /metrics). Counts are per process: each instance
 * reports its own, and a metrics server adds them up. Every method is cheap and never throws.
 * Adapters: PromMetrics (prom-client). Fake: NO_METRICS (counts nothing), RecordingMetrics.
 */
export interface Metrics {
  /** An HTTP request was answered; `route` is the route template (`/verify/:domain`), never the path. */
  requestServed(route: string, method: string, status: number, seconds: number): void;
  scanEnded(end: ScanEnd): void;
  admissionRefused(budget: RefusingBudget): void;
  /**
   * A read answered from this process's cache (`hit`) or from the store; for `answers`, a request
   * answered with the rendered answer of an earlier one (`hit`) or by its route.
   */
  cacheLookup(cache: CacheName, hit: boolean): void;
  recheckEnded(end: RecheckEnd): void;
  webhookAttempted(end: DeliveryEnd): void;
  /** A public read counted against a quota (API_TIERS=on): admitted, or refused because the tier's daily quota is used up. Per tier, never per key. */
  readCounted(tier: Tier, admitted: boolean): void;
}
export const Metrics = Symbol('Metrics');

/** Counts nothing: what a use case built without metrics (in tests, in the CLI) reports to. */
export const NO_METRICS: Metrics = Object.freeze({
  requestServed: () => undefined,
  scanEnded: () => undefined,
  admissionRefused: () => undefined,
  cacheLookup: () => undefined,
  recheckEnded: () => undefined,
  webhookAttempted: () => undefined,
  readCounted: () => undefined,
});
