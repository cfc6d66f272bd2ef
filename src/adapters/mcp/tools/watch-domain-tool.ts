import { inject, injectable } from 'inversify';
import { z } from 'zod';
import { AppConfig } from '../../../application/ports/app-config.js';
import { CreateWatch, WatchInput } from '../../../application/watches/create-watch.js';
import { TOOL_OUTPUTS } from '../../../application/views/answer-schemas.js';
import { createdWatchJson } from '../../../application/views/watch-view.js';
import type { ToolCaller, VettedTool } from '../vetted-tool.js';

const input = z.strictObject({
  domain: z.string().min(1).max(1024).describe('A domain name such as example.com.'),
  callback_url: z.string().min(1).max(2048).describe('An https URL that receives the webhooks.'),
  events: WatchInput.shape.events.describe('The event types wanted; all when left out.'),
});
const output = TOOL_OUTPUTS.watch_domain;

/** watch_domain: CreateWatch (POST /watches as a tool), answered with the secret and token shown once. */
@injectable()
export class WatchDomainTool implements VettedTool<typeof input, typeof output> {
  readonly name = 'watch_domain';
  readonly title = 'Watch a domain for verdict changes';
  readonly description =
    `Asks Vetted to POST signed webhooks (Standard Webhooks: webhook-id, webhook-timestamp, webhook-signature) to an https callback_url whenever the domain's verdict changes: ${WatchInput.shape.events.unwrap().element.options.join(', ')} (all unless events narrows them). ` +
    'Returns watch_id, the signing secret (whsec_…) and a bearer token, shown this once: keep them to verify deliveries and to manage or delete the watch. ' +
    'Errors: VALIDATION_ERROR for a malformed domain or a callback that is not https or points at a private, loopback or metadata address; RATE_LIMITED when the client or the callback host has too many watches.';
  readonly input = input;
  readonly output = output;
  readonly hints = { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true };
  readonly summary =
    'Signed webhooks (Standard Webhooks) to an https callback whenever a domain is verified, revoked, expired, blocked, unblocked, rescanned or changes readiness.';
  readonly tags = ['events', 'webhooks', 'monitoring'];
  readonly usage = {
    arguments: '`domain`, `callback_url` (https), `events` (optional list)',
    effect:
      '`POST /watches`: signed webhooks to the callback whenever the domain\'s verdict changes; returns `watch_id`, the signing `secret` and a `token`, shown once (see /api.md, "Watches and events").',
  };

  constructor(
    @inject(AppConfig) private readonly config: AppConfig,
    @inject(CreateWatch) private readonly createWatch: CreateWatch,
  ) {}

  async run(args: z.output<typeof input>, caller: ToolCaller): Promise<z.input<typeof output>> {
    const created = await this.createWatch.run(args, caller.clientId);
    return createdWatchJson(created.watch, created.secret, created.token, this.config.baseUrl);
  }
}
