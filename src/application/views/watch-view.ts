import type { Watch } from '../../domain/events/watch.js';
import type { EventDraft } from '../../domain/events/watched-state.js';
import type { DeliveryAttempt } from '../ports/webhook-outbox.js';

/** A watch as GET /watches/{id} and the MCP tools show it: never its secret nor its token. */
export function watchJson(watch: Watch, baseUrl: string): Record<string, unknown> {
  return {
    watch_id: watch.id,
    domain: watch.domain,
    callback_url: watch.callbackUrl,
    events: watch.events,
    status: watch.status,
    disabled_reason: watch.disabledReason,
    failing_since: watch.failingSince,
    created_at: watch.createdAt,
    links: { self: `${baseUrl}/watches/${watch.id}`, deliveries: `${baseUrl}/watches/${watch.id}/deliveries`, verify: `${baseUrl}/verify/${watch.domain}` },
  };
}

/** The 201 answer: the watch, with its signing secret and bearer token, shown this once. */
export function createdWatchJson(watch: Watch, secret: string, token: string, baseUrl: string): Record<string, unknown> {
  return { ...watchJson(watch, baseUrl), secret, token };
}

/** GET /watches/{id}/deliveries: the latest attempts, newest first. */
export function deliveriesJson(watchId: string, attempts: readonly DeliveryAttempt[]): Record<string, unknown> {
  return {
    watch_id: watchId,
    attempts: attempts.map((a) => ({
      webhook_id: a.deliveryId, event_type: a.eventType, attempt: a.attempt, at: a.at, status: a.status, error: a.error, duration_ms: a.durationMs, outcome: a.outcome,
    })),
  };
}

/**
 * One event as every watch of its domain receives it (the Standard Webhooks payload shape:
 * type, timestamp, data), with links to the evidence.
 */
export function eventPayload(event: EventDraft, eventId: string, domain: string, occurredAt: string, baseUrl: string, reportId: string | null): string {
  return JSON.stringify({
    type: event.type,
    timestamp: occurredAt,
    data: {
      event_id: eventId,
      domain,
      previous: event.previous,
      current: event.current,
      links: {
        verify: `${baseUrl}/verify/${domain}`,
        history: `${baseUrl}/reports?domain=${domain}`,
        ...(reportId ? { report: `${baseUrl}/reports/${reportId}` } : {}),
      },
    },
  });
}
