import type { RouteConfig } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import { WatchInput } from '../../../application/watches/create-watch.js';
import { BODY_ERRORS, enveloped, errors, NO_STORE, STORE_ERRORS } from './responses.js';

const text = z.string();
const WatchAnswer = z.looseObject({
  watch_id: text,
  domain: text,
  callback_url: text,
  events: z.array(text),
  status: z.enum(['active', 'disabled']),
  disabled_reason: text.nullable(),
  failing_since: text.nullable(),
  created_at: text,
  links: z.looseObject({ self: text, deliveries: text, verify: text }),
});
const CreatedWatchAnswer = WatchAnswer.extend({
  secret: text.meta({ description: 'whsec_…: the Standard Webhooks signing secret, shown only here.' }),
  token: text.meta({ description: 'wtk_…: the bearer token that reads and deletes this watch, shown only here.' }),
});
const DeliveriesAnswer = z.looseObject({
  watch_id: text,
  attempts: z.array(z.looseObject({ webhook_id: text, event_type: text, attempt: z.number().int(), at: text, status: z.number().int().nullable(), error: text.nullable(), duration_ms: z.number().int(), outcome: z.enum(['delivered', 'retrying', 'failed']) })),
});
const id = z.object({ id: z.string().meta({ description: 'The wch_… id of the watch.' }) });
const OWNER_ERRORS = ['VALIDATION_ERROR', 'UNAUTHORIZED', 'FORBIDDEN', 'NOT_FOUND', ...STORE_ERRORS] as const;
const security = [{ watchToken: [] }];

/** The /watches routes of the OpenAPI document. */
export function watchRoutes(): RouteConfig[] {
  return [
    {
      method: 'post', path: '/watches', tags: ['watches'], summary: 'Watch a domain: signed webhooks when its verdict changes',
      description: 'The callback must be https and resolve only to addresses the outbound policy allows; checked again at every delivery. See /api.md, "Watches and events".',
      request: { body: { required: true, content: { 'application/json': { schema: WatchInput } } } },
      responses: { 201: enveloped('The watch, with its secret and token shown once.', CreatedWatchAnswer), ...errors([...BODY_ERRORS, 'RATE_LIMITED', ...STORE_ERRORS]) },
    },
    {
      method: 'get', path: '/watches/{id}', tags: ['watches'], summary: 'A watch, with its token', security,
      request: { params: id },
      responses: { 200: enveloped('The watch (never its secret).', WatchAnswer, NO_STORE), ...errors(OWNER_ERRORS) },
    },
    {
      method: 'delete', path: '/watches/{id}', tags: ['watches'], summary: 'Delete a watch, with its token', security,
      request: { params: id },
      responses: { 204: { description: 'Deleted; undelivered events are dropped.', headers: z.object(NO_STORE) }, ...errors(OWNER_ERRORS) },
    },
    {
      method: 'get', path: '/watches/{id}/deliveries', tags: ['watches'], summary: 'The latest delivery attempts of a watch', security,
      request: { params: id },
      responses: { 200: enveloped('The latest 50 attempts, newest first.', DeliveriesAnswer, NO_STORE), ...errors(OWNER_ERRORS) },
    },
  ];
}
