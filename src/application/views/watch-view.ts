import { z } from 'zod';
import { EVENT_TYPES } from '../../domain/events/watched-state.js';
import { WATCH_STATUSES, type Watch } from '../../domain/events/watch.js';
import type { EventDraft } from '../../domain/events/watched-state.js';
import { DELIVERY_OUTCOMES, type DeliveryAttempt } from '../ports/webhook-outbox.js';
import { list } from './schema-kit.js';

const watchFields = {
  watch_id: z.string().describe('wch_ and 22 random characters.'),
  domain: z.string(),
  callback_url: z.string(),
  events: list(z.enum(EVENT_TYPES)),
  status: z.enum(WATCH_STATUSES),
  disabled_reason: z.string().nullable().describe('Why the watch was disabled (its callback kept failing); null while active.'),
  failing_since: z.string().nullable().describe('Since when every delivery failed; null after a success.'),
  created_at: z.string(),
  links: z.object({ self: z.string(), deliveries: z.string(), verify: z.string() }),
};

/** GET /watches/{id}: a watch, never its secret nor its token. */
export const watchSchema = z.object(watchFields);

/** POST /watches (201) and MCP watch_domain: the watch, with its signing secret and bearer token, shown this once. */
export const createdWatchSchema = z.object({
  ...watchFields,
  secret: z.string().describe('whsec_…: the Standard Webhooks signing secret, shown only here.'),
  token: z.string().describe('wtk_…: the bearer token that reads and deletes this watch, shown only here.'),
});

/** GET /watches/{id}/deliveries: the latest attempts, newest first. */
export const deliveriesSchema = z.object({
  watch_id: z.string(),
  attempts: list(
    z.object({
      webhook_id: z.string(),
      event_type: z.string(),
      attempt: z.number().int(),
      at: z.string(),
      status: z.number().int().nullable().describe("The callback's HTTP status; null when none came."),
      error: z.string().nullable(),
      duration_ms: z.number().int(),
      outcome: z.enum(DELIVERY_OUTCOMES),
    }),
  ),
});

/** One webhook's body (the Standard Webhooks payload shape: type, timestamp, data). */
export const eventPayloadSchema = z.object({
  type: z.enum(EVENT_TYPES),
  timestamp: z.string(),
  data: z.object({
    event_id: z.string(),
    domain: z.string(),
    previous: z.record(z.string(), z.unknown()),
    current: z.record(z.string(), z.unknown()),
    links: z.object({ verify: z.string(), history: z.string(), report: z.string().optional() }),
  }),
});

/** A watch as GET /watches/{id} and the MCP tools show it. */
export function watchJson(watch: Watch, baseUrl: string): z.infer<typeof watchSchema> {
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

export function createdWatchJson(watch: Watch, secret: string, token: string, baseUrl: string): z.infer<typeof createdWatchSchema> {
  return { ...watchJson(watch, baseUrl), secret, token };
}

export function deliveriesJson(watchId: string, attempts: readonly DeliveryAttempt[]): z.infer<typeof deliveriesSchema> {
  return {
    watch_id: watchId,
    attempts: attempts.map((a) => ({
      webhook_id: a.deliveryId,
      event_type: a.eventType,
      attempt: a.attempt,
      at: a.at,
      status: a.status,
      error: a.error,
      duration_ms: a.durationMs,
      outcome: a.outcome,
    })),
  };
}

/** One event as every watch of its domain receives it, serialized, with links to the evidence. */
export function eventPayload(event: EventDraft, eventId: string, domain: string, occurredAt: string, baseUrl: string, reportId: string | null): string {
  const payload: z.infer<typeof eventPayloadSchema> = {
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
  };
  return JSON.stringify(payload);
}
