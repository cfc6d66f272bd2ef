import { inject, injectable } from 'inversify';
import type { Watch } from '../../domain/events/watch.js';
import { AppError } from '../errors.js';
import { TokenHasher } from '../ports/token-hasher.js';
import { WatchRepository } from '../ports/watch-repository.js';
import { WebhookOutbox, type DeliveryAttempt } from '../ports/webhook-outbox.js';

const WATCH_ID = /^wch_[A-Za-z0-9_-]{10,64}$/;
/** How many attempts GET /watches/{id}/deliveries lists. */
export const LISTED_ATTEMPTS = 50;

/**
 * GET and DELETE /watches/{id}, GET /watches/{id}/deliveries and MCP unwatch_domain: each needs
 * the watch's own bearer token (compared by hash, in constant time).
 */
@injectable()
export class ManageWatch {
  constructor(
    @inject(WatchRepository) private readonly watches: WatchRepository,
    @inject(WebhookOutbox) private readonly outbox: WebhookOutbox,
    @inject(TokenHasher) private readonly hasher: TokenHasher,
  ) {}

  async get(id: string, token: string | undefined): Promise<Watch> {
    return this.authorized(id, token);
  }

  async remove(id: string, token: string | undefined): Promise<void> {
    await this.authorized(id, token);
    await this.watches.remove(id);
  }

  async deliveries(id: string, token: string | undefined): Promise<DeliveryAttempt[]> {
    await this.authorized(id, token);
    return this.outbox.attempts(id, LISTED_ATTEMPTS);
  }

  private async authorized(id: string, token: string | undefined): Promise<Watch> {
    if (!WATCH_ID.test(id)) throw new AppError('VALIDATION_ERROR', 'A watch id is wch_ followed by letters, digits, - or _.');
    if (token === undefined || token === '')
      throw new AppError('UNAUTHORIZED', 'This watch needs its token: send Authorization: Bearer <token from its creation>.');
    const stored = await this.watches.find(id);
    if (!stored) throw new AppError('NOT_FOUND', `No watch ${id}.`);
    if (!sameHash(this.hasher.hash(token), stored.tokenHash)) throw new AppError('FORBIDDEN', "That token is not this watch's token.");
    const { secret: _secret, tokenHash: _hash, ...watch } = stored;
    return watch;
  }
}

/** Compares two hex digests in time that does not depend on where they differ. */
function sameHash(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return difference === 0;
}
