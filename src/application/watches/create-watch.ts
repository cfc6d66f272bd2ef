import { inject, injectable } from 'inversify';
import { z } from 'zod';
import type { Watch } from '../../domain/events/watch.js';
import { EVENT_TYPES } from '../../domain/events/watched-state.js';
import { requireDomainName } from '../input/domain-input.js';
import { AppError } from '../errors.js';
import { AddressGuard } from '../ports/address-guard.js';
import { AppConfig } from '../ports/app-config.js';
import { Clock } from '../ports/clock.js';
import { DnsResolver } from '../ports/dns-resolver.js';
import { RandomTokens } from '../ports/random-tokens.js';
import { TokenHasher } from '../ports/token-hasher.js';
import { WatchRepository } from '../ports/watch-repository.js';
import { zodMessage } from '../input/zod-message.js';
import { checkCallbackUrl } from './callback-check.js';
import { WatchedStateReader } from './watched-state-reader.js';

export const WatchInput = z.strictObject({
  domain: z.string().max(1024),
  callback_url: z.url({ protocol: /^https$/, message: 'callback_url must be an https URL' }).max(2048),
  events: z.array(z.enum(EVENT_TYPES)).min(1).max(EVENT_TYPES.length).optional(),
});

/** A new watch with what is shown only once: the signing secret and the bearer token. */
export interface CreatedWatch {
  readonly watch: Watch;
  readonly secret: string;
  readonly token: string;
}

/**
 * POST /watches and MCP watch_domain: a watch of a domain's verdict, delivered as signed webhooks
 * to an https callback the outbound address policy allows. Limited per client address and per
 * callback host; events start from the domain's state now.
 */
@injectable()
export class CreateWatch {
  constructor(
    @inject(WatchRepository) private readonly watches: WatchRepository,
    @inject(WatchedStateReader) private readonly states: WatchedStateReader,
    @inject(DnsResolver) private readonly resolver: DnsResolver,
    @inject(AddressGuard) private readonly guard: AddressGuard,
    @inject(RandomTokens) private readonly random: RandomTokens,
    @inject(TokenHasher) private readonly hasher: TokenHasher,
    @inject(Clock) private readonly clock: Clock,
    @inject(AppConfig) private readonly config: AppConfig,
  ) {}

  async run(body: unknown, clientId: string): Promise<CreatedWatch> {
    const parsed = WatchInput.safeParse(body);
    if (!parsed.success) throw new AppError('VALIDATION_ERROR', zodMessage(parsed.error, body));
    const domain = requireDomainName(parsed.data.domain);
    const callback = await checkCallbackUrl(parsed.data.callback_url, this.resolver, this.guard);
    // Standard Webhooks secrets are whsec_ and standard base64 of the key.
    const secret = `whsec_${Buffer.from(this.random.token(32), 'base64url').toString('base64')}`;
    const token = `wtk_${this.random.token(32)}`;
    const watch: Watch = {
      id: `wch_${this.random.token(16)}`,
      domain,
      callbackUrl: callback.href,
      events: parsed.data.events ? [...new Set(parsed.data.events)] : [...EVENT_TYPES],
      status: 'active',
      disabledReason: null,
      failingSince: null,
      createdAt: this.clock.now().toISOString(),
      clientId,
    };
    const { perClient, perCallbackHost } = this.config.watches;
    const start = await this.states.startOf(domain);
    const created = await this.watches.create(
      { ...watch, secret, tokenHash: this.hasher.hash(token) },
      { perClient, perCallbackHost },
      start.projection,
      start.asOfSeq,
    );
    if (created === 'client_limit') throw new AppError('RATE_LIMITED', `This client already has ${perClient} active watches; delete one first.`);
    if (created === 'callback_host_limit')
      throw new AppError('RATE_LIMITED', `${callback.host} already receives ${perCallbackHost} watches; delete one first.`);
    return { watch, secret, token };
  }
}
