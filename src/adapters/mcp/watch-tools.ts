import { z } from 'zod';
import { WatchInput, type CreateWatch } from '../../application/watches/create-watch.js';
import type { ManageWatch } from '../../application/watches/manage-watch.js';
import { createdWatchJson } from '../../application/views/watch-view.js';
import { defineTool, type VettedTool } from './vetted-tool.js';

const watchOutput = z.looseObject({ watch_id: z.string(), domain: z.string(), callback_url: z.string(), events: z.array(z.string()), status: z.string() });

/** watch_domain and unwatch_domain: POST /watches and DELETE /watches/{id} as tools. */
export function watchTools(deps: { readonly baseUrl: string; readonly createWatch: CreateWatch; readonly manageWatch: ManageWatch }): VettedTool[] {
  return [
    defineTool({
      name: 'watch_domain',
      title: 'Watch a domain for verdict changes',
      description:
        `Asks Vetted to POST signed webhooks (Standard Webhooks: webhook-id, webhook-timestamp, webhook-signature) to an https callback_url whenever the domain's verdict changes: ${WatchInput.shape.events.unwrap().element.options.join(', ')} (all unless events narrows them). ` +
        'Returns watch_id, the signing secret (whsec_…) and a bearer token, shown this once: keep them to verify deliveries and to manage or delete the watch. ' +
        'Errors: VALIDATION_ERROR for a malformed domain or a callback that is not https or points at a private, loopback or metadata address; RATE_LIMITED when the client or the callback host has too many watches.',
      input: z.strictObject({
        domain: z.string().min(1).max(1024).describe('A domain name such as example.com.'),
        callback_url: z.string().min(1).max(2048).describe('An https URL that receives the webhooks.'),
        events: WatchInput.shape.events.describe('The event types wanted; all when left out.'),
      }),
      output: watchOutput.extend({ secret: z.string(), token: z.string() }),
      hints: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
      async run(args, caller) {
        const created = await deps.createWatch.run(args, caller.clientId);
        return createdWatchJson(created.watch, created.secret, created.token, deps.baseUrl);
      },
    }),
    defineTool({
      name: 'unwatch_domain',
      title: 'Stop watching a domain',
      description: 'Deletes a watch made by watch_domain (or POST /watches), with the token shown at its creation; deliveries not yet made are dropped. Errors: NOT_FOUND for an unknown watch, FORBIDDEN for another token.',
      input: z.strictObject({
        watch_id: z.string().min(1).max(100).describe('The wch_… id of the watch.'),
        token: z.string().min(1).max(200).describe('The wtk_… token returned when the watch was made.'),
      }),
      output: z.looseObject({ watch_id: z.string(), deleted: z.boolean() }),
      hints: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
      async run({ watch_id, token }) {
        await deps.manageWatch.remove(watch_id, token);
        return { watch_id, deleted: true };
      },
    }),
  ];
}
