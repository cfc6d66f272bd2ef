import type { RouteConfig } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import { WatchInput } from '../../../application/watches/create-watch.js';
import type { AnswerComponents } from './answer-schemas.js';
import { BODY_ERRORS, enveloped, errors, NO_STORE, STORE_ERRORS } from './responses.js';

const id = z.object({ id: z.string().meta({ description: 'The wch_… id of the watch.' }) });
const OWNER_ERRORS = ['VALIDATION_ERROR', 'UNAUTHORIZED', 'FORBIDDEN', 'NOT_FOUND', ...STORE_ERRORS] as const;
const security = [{ watchToken: [] }];

/** The /watches routes of the OpenAPI document. */
export function watchRoutes(a: Pick<AnswerComponents, 'Watch' | 'CreatedWatch' | 'Deliveries'>): RouteConfig[] {
  return [
    {
      method: 'post',
      path: '/watches',
      tags: ['watches'],
      summary: 'Watch a domain: signed webhooks when its verdict changes',
      description:
        'The callback must be https and resolve only to addresses the outbound policy allows; checked again at every delivery. See /api.md, "Watches and events". A form post (the verdict page\'s "Watch this domain") answers 201 with a page showing the secret and token.',
      request: {
        body: {
          required: true,
          content: {
            'application/json': { schema: WatchInput },
            'application/x-www-form-urlencoded': { schema: WatchInput.pick({ domain: true, callback_url: true }) },
          },
        },
      },
      responses: {
        201: enveloped('The watch, with its secret and token shown once.', a.CreatedWatch),
        ...errors([...BODY_ERRORS, 'RATE_LIMITED', ...STORE_ERRORS]),
      },
    },
    {
      method: 'get',
      path: '/watches/{id}',
      tags: ['watches'],
      summary: 'A watch, with its token',
      security,
      request: { params: id },
      responses: { 200: enveloped('The watch (never its secret).', a.Watch, NO_STORE), ...errors(OWNER_ERRORS) },
    },
    {
      method: 'delete',
      path: '/watches/{id}',
      tags: ['watches'],
      summary: 'Delete a watch, with its token',
      security,
      request: { params: id },
      responses: { 204: { description: 'Deleted; undelivered events are dropped.', headers: z.object(NO_STORE) }, ...errors(OWNER_ERRORS) },
    },
    {
      method: 'get',
      path: '/watches/{id}/deliveries',
      tags: ['watches'],
      summary: 'The latest delivery attempts of a watch',
      security,
      request: { params: id },
      responses: { 200: enveloped('The latest 50 attempts, newest first.', a.Deliveries, NO_STORE), ...errors(OWNER_ERRORS) },
    },
  ];
}
