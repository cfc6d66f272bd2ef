import type { DomainName } from '../domain-name.js';
import type { EventType } from './watched-state.js';

/** A watch delivers while `active`; one whose callback kept failing is `disabled`. */
export const WATCH_STATUSES = ['active', 'disabled'] as const;
type WatchStatus = (typeof WATCH_STATUSES)[number];

/** A request to be told, by signed webhook, when a domain's verdict changes. */
export interface Watch {
  /** `wch_` and 22 random characters. */
  readonly id: string;
  readonly domain: DomainName;
  /** An https URL, checked against the outbound address policy at creation and at every delivery. */
  readonly callbackUrl: string;
  readonly events: readonly EventType[];
  readonly status: WatchStatus;
  /** Why the watch was disabled (its callback kept failing), in Vetted's words; null while active. */
  readonly disabledReason: string | null;
  /** Since when every delivery attempt failed; null after a success. */
  readonly failingSince: string | null;
  readonly createdAt: string;
  /** The client address that made it: what the per-client limit counts. */
  readonly clientId: string;
}

/** How long a failing callback is tried before its deliveries are dropped and the watch disabled (24 hours). */
export const DELIVERY_WINDOW_SECONDS = 24 * 3600;
/** The longest wait between two attempts of one delivery. */
export const MAX_RETRY_DELAY_SECONDS = 3600;

/**
 * How long to wait after the `failures`-th failed attempt of a delivery: `baseSeconds`·2^(failures−1),
 * at most MAX_RETRY_DELAY_SECONDS (with a 30 s base: 30 s, 1 min, 2 min … 1 h, about 30 tries in a day).
 */
export function retryDelaySeconds(failures: number, baseSeconds: number): number {
  return Math.min(MAX_RETRY_DELAY_SECONDS, baseSeconds * 2 ** Math.max(0, failures - 1));
}

/** Whether something first tried (or failing) since `since` has run past the delivery window at `now`. */
export function pastDeliveryWindow(since: string, now: Date): boolean {
  return now.getTime() - Date.parse(since) >= DELIVERY_WINDOW_SECONDS * 1000;
}

/** The host of a callback URL as the per-host limit counts it (lower case, port included). */
export function callbackHostOf(callbackUrl: string): string {
  return new URL(callbackUrl).host.toLowerCase();
}
