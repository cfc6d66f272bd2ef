import { inject, injectable } from 'inversify';
import { pastDeliveryWindow, retryDelaySeconds } from '../../domain/events/watch.js';
import { AppConfig } from '../ports/app-config.js';
import { Clock } from '../ports/clock.js';
import { JobQueue } from '../ports/job-queue.js';
import { Metrics, NO_METRICS } from '../ports/metrics.js';
import { SiteFetcher } from '../ports/site-fetcher.js';
import { WebhookOutbox, type AttemptDecision, type PendingDelivery } from '../ports/webhook-outbox.js';
import { WebhookSigner } from '../ports/webhook-signer.js';

/** How long a worker holds a watch's delivery turn; a crashed worker's turn lapses after it. */
const TURN_SECONDS = 120;
/** Deliveries one turn sends at most before handing the rest to a new job. */
const PER_TURN = 20;
/** When the turn is held, how soon to look again. */
const BUSY_RETRY_SECONDS = 2;
/** What is read of a callback's answer: its status matters, its body does not. */
export const MAX_ANSWER_BYTES = 16 * 1024;

/**
 * Delivers a watch's pending events oldest first, one at a time, so a receiver sees each
 * domain's events in order: Standard Webhooks headers (webhook-id, webhook-timestamp,
 * webhook-signature), a POST through the safe fetcher (address policy, https, bounded time and
 * size, no redirects). A 2xx delivers; anything else waits base·2^n (at most an hour) and blocks
 * the later events behind it; after 24 hours of failing the watch is disabled and says why.
 * At least once: a receiver deduplicates on webhook-id.
 */
@injectable()
export class DeliverWebhooks {
  constructor(
    @inject(WebhookOutbox) private readonly outbox: WebhookOutbox,
    @inject(SiteFetcher) private readonly fetcher: SiteFetcher,
    @inject(WebhookSigner) private readonly signer: WebhookSigner,
    @inject(JobQueue) private readonly queue: JobQueue,
    @inject(Clock) private readonly clock: Clock,
    @inject(AppConfig) private readonly config: AppConfig,
    @inject(Metrics) private readonly metrics: Metrics = NO_METRICS,
  ) {}

  async run(watchId: string): Promise<void> {
    const now = () => this.clock.now();
    const turn = await this.outbox.claimTurn(watchId, new Date(now().getTime() + TURN_SECONDS * 1000).toISOString(), now().toISOString());
    // Another worker is delivering: look again shortly, in case it stopped looking before this job's event was stored.
    if (turn === 'busy') await this.queue.enqueue('webhook.deliver', { watchId }, { startAfterSeconds: BUSY_RETRY_SECONDS });
    if (turn !== 'claimed') return;
    let again = false;
    try {
      for (let sent = 0; ; sent++) {
        const delivery = await this.outbox.nextPending(watchId);
        if (!delivery) break;
        const waitMs = Date.parse(delivery.nextAttemptAt) - now().getTime();
        if (waitMs > 0) {
          await this.queue.enqueue('webhook.deliver', { watchId }, { startAfterSeconds: Math.ceil(waitMs / 1000) });
          break;
        }
        if (sent >= PER_TURN) {
          again = true;
          break;
        }
        if (!(await this.attempt(delivery))) break;
      }
    } finally {
      await this.outbox.releaseTurn(watchId);
    }
    if (again) await this.queue.enqueue('webhook.deliver', { watchId });
  }

  /** One attempt; true when it was delivered (the next may follow at once). */
  private async attempt(delivery: PendingDelivery): Promise<boolean> {
    const at = this.clock.now();
    const timestamp = Math.floor(at.getTime() / 1000);
    const outcome = await this.fetcher.fetch({
      url: delivery.callbackUrl,
      method: 'POST',
      body: delivery.payload,
      followRedirects: false,
      maxBytes: MAX_ANSWER_BYTES,
      headers: {
        'content-type': 'application/json',
        'webhook-id': delivery.id,
        'webhook-timestamp': String(timestamp),
        'webhook-signature': this.signer.sign(delivery.secret, delivery.id, timestamp, delivery.payload),
      },
    });
    const status = outcome.ok ? outcome.resource.status : null;
    const delivered = status !== null && status >= 200 && status < 300;
    const error = outcome.ok ? (delivered ? null : `HTTP ${status}`) : `${outcome.failure.code}: ${outcome.failure.message.slice(0, 200)}`;
    const attempt = {
      attempt: delivery.attempts + 1,
      at: at.toISOString(),
      status,
      error,
      durationMs: outcome.ok ? outcome.resource.durationMs : outcome.failure.durationMs,
    };
    const decision: AttemptDecision = delivered ? { outcome: 'delivered', failingSince: null } : this.afterFailure(delivery, at);
    await this.outbox.recordAttempt(delivery, attempt, decision);
    this.metrics.webhookAttempted(decision.outcome);
    if (!delivered) {
      const next = delivery.attempts + 1;
      if (!pastDeliveryWindow(delivery.failingSince ?? at.toISOString(), at))
        await this.queue.enqueue(
          'webhook.deliver',
          { watchId: delivery.watchId },
          { startAfterSeconds: retryDelaySeconds(next, this.config.watches.retryBaseSeconds) },
        );
    }
    return delivered;
  }

  private afterFailure(delivery: PendingDelivery, at: Date): AttemptDecision {
    const failingSince = delivery.failingSince ?? at.toISOString();
    if (pastDeliveryWindow(failingSince, at)) {
      return {
        outcome: 'failed',
        failingSince,
        disableReason: `Disabled at ${at.toISOString()}: every delivery to the callback failed for 24 hours (since ${failingSince}). Create a new watch once the callback works.`,
      };
    }
    const delay = retryDelaySeconds(delivery.attempts + 1, this.config.watches.retryBaseSeconds);
    return { outcome: 'retrying', failingSince, nextAttemptAt: new Date(at.getTime() + delay * 1000).toISOString() };
  }
}
