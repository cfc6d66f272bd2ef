import { expect } from 'chai';
import type { AppConfig } from '../../../src/application/ports/app-config.js';
import { NO_METRICS, type DeliveryEnd } from '../../../src/application/ports/metrics.js';
import type { AttemptDecision, PendingDelivery, WebhookOutbox } from '../../../src/application/ports/webhook-outbox.js';
import { DeliverWebhooks } from '../../../src/application/watches/deliver-webhooks.js';
import { StandardWebhookSigner } from '../../../src/adapters/signing/standard-webhook-signer.js';
import { FakeSiteFetcher } from '../../fakes/fake-site-fetcher.js';
import { FixedClock } from '../../fakes/fixed-clock.js';
import { ImmediateJobQueue } from '../../fakes/immediate-job-queue.js';

const HOOK = 'https://hooks.example.net/h';
const CONFIG = { watches: { perClient: 20, perCallbackHost: 100, retryBaseSeconds: 30 } } as AppConfig;

/** A one-watch outbox in memory: just what DeliverWebhooks uses. */
class OneWatchOutbox {
  readonly decisions: AttemptDecision[] = [];
  pending: PendingDelivery[] = [];
  async claimTurn(): Promise<'claimed'> {
    return 'claimed';
  }
  async releaseTurn(): Promise<void> {}
  async nextPending(): Promise<PendingDelivery | undefined> {
    return this.pending[0];
  }
  async recordAttempt(d: PendingDelivery, attempt: { attempt: number; at: string }, decision: AttemptDecision): Promise<void> {
    this.decisions.push(decision);
    if (decision.outcome !== 'retrying') this.pending.shift();
    else
      this.pending[0] = {
        ...d,
        attempts: attempt.attempt,
        nextAttemptAt: decision.nextAttemptAt!,
        failingSince: decision.failingSince,
        firstAttemptAt: d.firstAttemptAt ?? attempt.at,
      };
  }
}

const delivery = (id: string): PendingDelivery => ({
  id,
  watchId: 'wch_a',
  callbackUrl: HOOK,
  secret: 'whsec_c2VjcmV0',
  payload: `{"n":"${id}"}`,
  attempts: 0,
  nextAttemptAt: '2026-11-25T00:00:00.000Z',
  firstAttemptAt: null,
  failingSince: null,
});

describe('DeliverWebhooks', () => {
  let outbox: OneWatchOutbox;
  let fetcher: FakeSiteFetcher;
  let clock: FixedClock;
  let queue: ImmediateJobQueue;
  let attempts: DeliveryEnd[];
  const metrics = { ...NO_METRICS, webhookAttempted: (end: DeliveryEnd) => void attempts.push(end) };
  const deliver = () =>
    new DeliverWebhooks(outbox as unknown as WebhookOutbox, fetcher, new StandardWebhookSigner(), queue, clock, CONFIG, metrics).run('wch_a');

  beforeEach(() => {
    outbox = new OneWatchOutbox();
    fetcher = new FakeSiteFetcher();
    clock = new FixedClock('2026-11-25T00:00:00.000Z');
    queue = new ImmediateJobQueue();
    attempts = [];
  });

  it('sends pending events oldest first as signed POSTs that never follow redirects', async () => {
    outbox.pending = [delivery('msg_1'), delivery('msg_2')];
    fetcher.set(HOOK, { status: 204 });
    await deliver();
    expect(fetcher.requests.map((r) => [r.method, r.followRedirects, r.body, r.headers?.['webhook-id']])).to.deep.equal([
      ['POST', false, '{"n":"msg_1"}', 'msg_1'],
      ['POST', false, '{"n":"msg_2"}', 'msg_2'],
    ]);
    expect(fetcher.requests[0]!.headers?.['webhook-signature']).to.match(/^v1,[A-Za-z0-9+/]+=*$/);
    expect(outbox.decisions.map((d) => d.outcome)).to.deep.equal(['delivered', 'delivered']);
    expect(attempts).to.deep.equal(['delivered', 'delivered']);
  });

  it('waits longer after each failure, keeps later events behind, and disables the watch after 24 hours of failing', async () => {
    outbox.pending = [delivery('msg_1'), delivery('msg_2')];
    fetcher.set(HOOK, { status: 500 });
    await deliver();
    expect(outbox.decisions).to.deep.equal([{ outcome: 'retrying', failingSince: '2026-11-25T00:00:00.000Z', nextAttemptAt: '2026-11-25T00:00:30.000Z' }]);
    expect(queue.enqueued.at(-1)).to.deep.include({ kind: 'webhook.deliver', options: { startAfterSeconds: 30 } });
    expect(fetcher.requests).to.have.length(1);
    clock.advance(30);
    await deliver();
    expect(outbox.decisions[1]).to.deep.include({ outcome: 'retrying', nextAttemptAt: '2026-11-25T00:01:30.000Z' });
    clock.set('2026-11-26T00:00:00.000Z');
    await deliver();
    expect(outbox.decisions[2]).to.deep.include({ outcome: 'failed', failingSince: '2026-11-25T00:00:00.000Z' });
    expect(outbox.decisions[2]!.disableReason).to.match(/^Disabled at 2026-11-26T00:00:00.000Z: every delivery to the callback failed for 24 hours/);
    expect(attempts, 'each attempt counted for /metrics').to.deep.equal(['retrying', 'retrying', 'failed']);
  });

  it('does not send before a retry is due: it asks to be run again then', async () => {
    outbox.pending = [{ ...delivery('msg_1'), attempts: 1, nextAttemptAt: '2026-11-25T00:00:42.000Z' }];
    await deliver();
    expect(fetcher.requests).to.have.length(0);
    expect(queue.enqueued).to.deep.equal([{ kind: 'webhook.deliver', data: { watchId: 'wch_a' }, options: { startAfterSeconds: 42 } }]);
  });
});
