import { inject, injectable } from 'inversify';
import { z } from 'zod';
import { ManageWatch } from '../../../application/watches/manage-watch.js';
import type { VettedTool } from '../vetted-tool.js';

const input = z.strictObject({
  watch_id: z.string().min(1).max(100).describe('The wch_… id of the watch.'),
  token: z.string().min(1).max(200).describe('The wtk_… token returned when the watch was made.'),
});
const output = z.looseObject({ watch_id: z.string(), deleted: z.boolean() });

/** unwatch_domain: ManageWatch.remove (DELETE /watches/{id} as a tool). */
@injectable()
export class UnwatchDomainTool implements VettedTool<typeof input, typeof output> {
  readonly name = 'unwatch_domain';
  readonly title = 'Stop watching a domain';
  readonly description =
    'Deletes a watch made by watch_domain (or POST /watches), with the token shown at its creation; deliveries not yet made are dropped. Errors: NOT_FOUND for an unknown watch, FORBIDDEN for another token.';
  readonly input = input;
  readonly output = output;
  readonly hints = { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false };
  readonly summary = 'Deletes a watch with the token shown at its creation.';
  readonly tags = ['events', 'webhooks'];
  readonly usage = {
    arguments: '`watch_id`, `token`',
    effect: 'deletes the watch; undelivered events are dropped.',
  };

  constructor(@inject(ManageWatch) private readonly manageWatch: ManageWatch) {}

  async run({ watch_id, token }: z.output<typeof input>): Promise<z.input<typeof output>> {
    await this.manageWatch.remove(watch_id, token);
    return { watch_id, deleted: true };
  }
}
