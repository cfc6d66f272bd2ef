import { expect } from 'chai';
import type { ObservationClaim, ObservationClaims } from '../../../src/application/ports/observation-claims.js';
import { FIRST_LOOK_SECONDS, FirstObservations } from '../../../src/application/trust/first-observations.js';
import { domainName } from '../../../src/domain/domain-name.js';
import { ImmediateJobQueue } from '../../fakes/immediate-job-queue.js';
import { InMemoryObservationClaims } from '../../fakes/in-memory-observation-claims.js';
import { RecordingLogger } from '../../fakes/recording-logger.js';

/** The fake, counting the calls that reach the store. */
class CountedClaims implements ObservationClaims {
  readonly inner = new InMemoryObservationClaims();
  calls = 0;
  claim(zone: string, now: Date, options: { perMinute: number; claimSeconds: number }): Promise<ObservationClaim> {
    this.calls++;
    return this.inner.claim(zone, now, options);
  }
  release(zone: string): Promise<void> {
    return this.inner.release(zone);
  }
}

const at = (iso: string) => new Date(iso);

describe('FirstObservations', () => {
  let claims: CountedClaims;
  let queue: ImmediateJobQueue;
  let first: FirstObservations;
  beforeEach(() => {
    claims = new CountedClaims();
    queue = new ImmediateJobQueue();
    first = new FirstObservations(claims, queue, { observeLimitPerMinute: 2, refreshObservations: true }, new RecordingLogger());
  });

  it('queues one look per registrable domain, and tells later asks how long it has left', async () => {
    expect(await first.request(domainName('www.shop.example.com'), at('2026-06-01T10:00:00.000Z'))).to.deep.equal({
      kind: 'queued',
      retryAfterSeconds: FIRST_LOOK_SECONDS,
    });
    expect(await first.request(domainName('shop.example.com'), at('2026-06-01T10:00:05.000Z'))).to.deep.equal({
      kind: 'queued',
      retryAfterSeconds: FIRST_LOOK_SECONDS - 5,
    });
    expect(queue.enqueued).to.deep.equal([
      { kind: 'observations.first', data: { domain: 'www.shop.example.com' }, options: { singletonKey: 'example.com', retryLimit: 1, leaseSeconds: 60 } },
    ]);
    expect(claims.calls, 'the second ask is answered from memory').to.equal(1);
    expect(
      await first.request(domainName('shop.example.com'), at('2026-06-01T10:05:00.000Z')),
      'a claim that stored nothing is no longer pending',
    ).to.deep.equal({ kind: 'off' });
  });

  it('writes nothing for names asked past the minute’s budget, and claims again the next minute', async () => {
    await first.request(domainName('a.com'), at('2026-06-01T10:00:01.000Z'));
    await first.request(domainName('b.com'), at('2026-06-01T10:00:02.000Z'));
    expect(await first.request(domainName('c.com'), at('2026-06-01T10:00:03.000Z'))).to.deep.equal({ kind: 'waiting', retryAfterSeconds: 57 });
    const calls = claims.calls;
    for (let i = 0; i < 100; i++) expect((await first.request(domainName(`n${i}.org`), at('2026-06-01T10:00:30.000Z'))).kind).to.equal('waiting');
    expect(claims.calls, 'a spent minute costs no call to the store').to.equal(calls);
    expect(await first.request(domainName('c.com'), at('2026-06-01T10:01:00.000Z'))).to.include({ kind: 'queued' });
    expect(queue.enqueued.map((j) => (j.data as { domain: string }).domain)).to.deep.equal(['a.com', 'b.com', 'c.com']);
  });

  it('spreads the budget over the minute: a sixtieth of it a second, the rest told to wait without a write', async () => {
    const spread = new FirstObservations(claims, queue, { observeLimitPerMinute: 120, refreshObservations: true }, new RecordingLogger());
    const kinds = [];
    for (let i = 0; i < 5; i++) kinds.push((await spread.request(domainName(`n${i}.org`), at('2026-06-01T10:00:07.250Z'))).kind);
    expect(kinds).to.deep.equal(['queued', 'queued', 'waiting', 'waiting', 'waiting']);
    expect(claims.calls).to.equal(2);
    expect((await spread.request(domainName('n2.org'), at('2026-06-01T10:00:08.000Z'))).kind).to.equal('queued');
  });

  it('gives the claim up when the queue refuses the job, so the next ask tries again', async () => {
    queue.failWith = new Error('queue store down');
    expect(await first.request(domainName('www.a.com'), at('2026-06-01T10:00:00.000Z'))).to.deep.equal({ kind: 'off' });
    expect(claims.inner.claims.has('a.com'), 'the registrable domain’s claim is given up').to.equal(false);
    queue.failWith = undefined;
    expect(await first.request(domainName('www.a.com'), at('2026-06-01T10:00:10.000Z'))).to.include({ kind: 'queued' });
    expect(queue.enqueued).to.have.length(1);
  });

  it('queues nothing with OBSERVE_LIMIT_PER_MINUTE=0 or REFRESH_OBSERVATIONS=false', async () => {
    for (const config of [
      { observeLimitPerMinute: 0, refreshObservations: true },
      { observeLimitPerMinute: 600, refreshObservations: false },
    ]) {
      const off = new FirstObservations(claims, queue, config, new RecordingLogger());
      expect(await off.request(domainName('a.com'), at('2026-06-01T10:00:00.000Z'))).to.deep.equal({ kind: 'off' });
      expect(await off.admitOwnershipCheck(domainName('paypal-cdn.com'), at('2026-06-01T10:00:00.000Z'))).to.equal(false);
    }
    expect(claims.calls).to.equal(0);
  });
});
