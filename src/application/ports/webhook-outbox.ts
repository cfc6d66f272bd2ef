import type { RegistryChange, WatchProjection } from '../../domain/events/projection.js';
import type { EventType } from '../../domain/events/watched-state.js';

/** How one delivery attempt ended. */
export const DELIVERY_OUTCOMES = ['delivered', 'retrying', 'failed'] as const;
export type DeliveryOutcome = (typeof DELIVERY_OUTCOMES)[number];

/** An event ready to store: its id, type and the payload every watch receives (JSON text). */
export interface NewEvent {
  readonly id: string;
  readonly type: EventType;
  readonly payload: string;
  readonly createdAt: string;
}

/** A projection after a write or a new look, and the events between. */
export interface ProjectionStep {
  readonly projection: WatchProjection;
  readonly events: readonly NewEvent[];
}

/** The oldest undelivered event of a watch, with what sending it needs. */
export interface PendingDelivery {
  /** `msg_…`: the webhook-id receivers deduplicate on. */
  readonly id: string;
  readonly watchId: string;
  readonly callbackUrl: string;
  readonly secret: string;
  readonly payload: string;
  readonly attempts: number;
  readonly nextAttemptAt: string;
  readonly firstAttemptAt: string | null;
  /** The watch's failing_since. */
  readonly failingSince: string | null;
}

/** One attempt at a delivery, as GET /watches/{id}/deliveries lists it. */
export interface DeliveryAttempt {
  readonly deliveryId: string;
  readonly eventType: string;
  readonly attempt: number;
  readonly at: string;
  /** The callback's HTTP status, or null when none came. */
  readonly status: number | null;
  /** Why no usable answer came (a closed code and a few words), or null. */
  readonly error: string | null;
  readonly durationMs: number;
  /** delivered, retrying (another attempt is planned), or failed (given up). */
  readonly outcome: DeliveryOutcome;
}

/** What an attempt decided for the delivery and for its watch. */
export interface AttemptDecision {
  readonly outcome: DeliveryAttempt['outcome'];
  readonly nextAttemptAt?: string;
  /** The watch's failing_since after this attempt (null after a success). */
  readonly failingSince: string | null;
  /** Set when the watch must be disabled: its reason. */
  readonly disableReason?: string;
}

/**
 * Events and their webhook deliveries. Adapters: KnexWebhookOutbox (SQLite and PostgreSQL).
 */
export interface WebhookOutbox {
  /**
   * Applies the registry writes not processed yet, oldest first (at most `limit`), to the
   * projection of every watched domain they concern: `apply` gives the new projection and the
   * events, which are stored with one pending delivery per active watch of the domain that asked
   * for the type. One transaction under the watch lock row, so each write is applied once across
   * every process. Returns how many writes were processed and the watches given deliveries.
   */
  applyChanges(
    limit: number,
    apply: (domain: string, projection: WatchProjection, change: RegistryChange) => ProjectionStep,
    newDeliveryId: () => string,
  ): Promise<{ readonly processed: number; readonly watchIds: string[] }>;
  /** Judges every watched domain's projection again (`judge`, under the watch lock), storing the events it finds. Returns the watches given deliveries. */
  rejudgeAll(judge: (domain: string, projection: WatchProjection) => ProjectionStep, newDeliveryId: () => string): Promise<string[]>;
  /** Forgets processed writes recorded before `before`. */
  pruneChanges(before: string): Promise<number>;
  /** Takes the watch's delivery turn until `until`: busy while another worker holds it, inactive when the watch is gone or disabled. */
  claimTurn(watchId: string, until: string, now: string): Promise<'claimed' | 'busy' | 'inactive'>;
  releaseTurn(watchId: string): Promise<void>;
  /** The oldest pending delivery of an active watch, due or not. */
  nextPending(watchId: string): Promise<PendingDelivery | undefined>;
  /** Records an attempt and what it decided, in one transaction. */
  recordAttempt(delivery: PendingDelivery, attempt: Omit<DeliveryAttempt, 'deliveryId' | 'eventType' | 'outcome'>, decision: AttemptDecision): Promise<void>;
  /** The latest attempts at the watch's deliveries, newest first. */
  attempts(watchId: string, limit: number): Promise<DeliveryAttempt[]>;
  /** Active watches with a pending delivery due at `now` (a safety net for lost delivery jobs). */
  dueWatches(now: string, limit: number): Promise<string[]>;
}
export const WebhookOutbox = Symbol('WebhookOutbox');
