import { expect } from 'chai';
import type { Blocklist } from '../../src/application/ports/blocklist.js';
import type { EntityRepository } from '../../src/application/ports/entity-repository.js';
import type { StoredWatch, WatchRepository } from '../../src/application/ports/watch-repository.js';
import type { ProjectionStep, WebhookOutbox } from '../../src/application/ports/webhook-outbox.js';
import { domainName, type DomainName } from '../../src/domain/domain-name.js';
import { applyChange, projectionOf, rejudge, type WatchProjection } from '../../src/domain/events/projection.js';
import { EVENT_TYPES, type EventDraft } from '../../src/domain/events/watched-state.js';
import { aBlock, aNewEntity } from '../support/builders.js';

/** The two watch ports over one store, the registry writers whose writes they follow, and a second outbox as another instance would have. */
export interface WatchStoreSubject {
  readonly watches: WatchRepository;
  readonly outbox: WebhookOutbox;
  readonly blocklist: Blocklist;
  readonly entities: EntityRepository;
  readonly second?: () => Promise<{ outbox: WebhookOutbox; dispose(): Promise<void> }>;
  dispose(): Promise<void>;
}

const T0 = '2026-11-25T12:00:00.000Z';
const DAY_MS = 86_400_000;
const SHOP = domainName('shop.example.com');
const LIMITS = { perClient: 3, perCallbackHost: 4 };
let counter = 0;

function aWatch(overrides: Partial<StoredWatch> = {}): StoredWatch {
  counter += 1;
  return {
    id: `wch_contract${String(counter).padStart(8, '0')}`,
    domain: SHOP,
    callbackUrl: 'https://hooks.example.net/h',
    events: [...EVENT_TYPES],
    status: 'active',
    disabledReason: null,
    failingSince: null,
    createdAt: T0,
    clientId: '198.51.100.1',
    secret: 'whsec_c2VjcmV0',
    tokenHash: `${'0'.repeat(56)}${String(counter).padStart(8, '0')}`,
    ...overrides,
  };
}

const nothing = (domain: DomainName): WatchProjection => projectionOf(domain, { entities: [], blocks: [] }, null, new Date(T0));
const numbered = (step: { projection: WatchProjection; events: EventDraft[] }, at: string): ProjectionStep => ({
  projection: step.projection,
  events: step.events.map((d) => ({ id: `evt_${++counter}`, type: d.type, payload: JSON.stringify({ type: d.type }), createdAt: at })),
});
const apply = (domain: string, projection: WatchProjection, change: Parameters<typeof applyChange>[2]) =>
  numbered(applyChange(domain as DomainName, projection, change), change.at);

/** The behaviour every watch store must have. */
export function watchStoreContract(make: () => Promise<WatchStoreSubject>): void {
  let s: WatchStoreSubject;
  afterEach(() => s?.dispose());
  let ids = 0;
  const newId = () => `msg_contract${String(++ids).padStart(8, '0')}`;
  const watch = async (w: StoredWatch) => expect(await s.watches.create(w, LIMITS, nothing(w.domain), await s.watches.latestChange())).to.equal('created');

  it('holds the per-client and per-callback-host limits and finds watches by domain', async () => {
    s = await make();
    for (let i = 0; i < 3; i++) await watch(aWatch());
    expect(await s.watches.create(aWatch(), LIMITS, nothing(SHOP), 0)).to.equal('client_limit');
    await watch(aWatch({ clientId: 'other' }));
    expect(await s.watches.create(aWatch({ clientId: 'third' }), LIMITS, nothing(SHOP), 0)).to.equal('callback_host_limit');
    expect(await s.watches.watchedDomains()).to.deep.equal(['shop.example.com']);
    expect(await s.watches.watchedUnder(['example.com'])).to.deep.equal(['shop.example.com']);
    expect(await s.watches.watchedUnder(['shop.example.com', 'other.org'])).to.deep.equal(['shop.example.com']);
    expect(await s.watches.watchedUnder(['xample.com'])).to.deep.equal([]);
  });

  it('applies each write once, in order, so a block lifted at once is two events, each to the watches that asked for it', async () => {
    s = await make();
    await s.blocklist.add([aBlock('example.com')]);
    await s.blocklist.remove(domainName('example.com'));
    const all = aWatch();
    const onlyBlocks = aWatch({ events: ['domain.blocked'] });
    await watch(all);
    await watch(onlyBlocks);
    await s.blocklist.add([aBlock('example.com')]);
    await s.blocklist.remove(domainName('example.com'));
    await s.blocklist.add([aBlock('unwatched.org')]);
    const first = await s.outbox.applyChanges(100, apply, newId);
    expect(first.processed).to.be.at.least(3);
    expect(first.watchIds.sort()).to.deep.equal([all.id, onlyBlocks.id].sort());
    expect(await s.outbox.applyChanges(100, apply, newId)).to.deep.equal({ processed: 0, watchIds: [] });
    const d1 = (await s.outbox.nextPending(all.id))!;
    expect(d1).to.include({ watchId: all.id, callbackUrl: all.callbackUrl, secret: all.secret, attempts: 0, payload: '{"type":"domain.blocked"}' });
    await s.outbox.recordAttempt(d1, { attempt: 1, at: T0, status: 200, error: null, durationMs: 12 }, { outcome: 'delivered', failingSince: null });
    expect((await s.outbox.nextPending(all.id))!.payload).to.equal('{"type":"domain.unblocked"}');
    expect((await s.outbox.nextPending(onlyBlocks.id))!.payload).to.equal('{"type":"domain.blocked"}');
    expect(await s.outbox.attempts(all.id, 10)).to.deep.equal([
      { deliveryId: d1.id, eventType: 'domain.blocked', attempt: 1, at: T0, status: 200, error: null, durationMs: 12, outcome: 'delivered' },
    ]);
  });

  it('applies a write once when two instances process at the same moment', async function () {
    s = await make();
    if (!s.second) this.skip();
    const w = aWatch();
    await watch(w);
    await s.blocklist.add([aBlock('shop.example.com')]);
    const other = await s.second!();
    try {
      const results = await Promise.all([
        ...Array.from({ length: 3 }, () => s.outbox.applyChanges(100, apply, newId)),
        ...Array.from({ length: 3 }, () => other.outbox.applyChanges(100, apply, newId)),
      ]);
      expect(results.filter((r) => r.processed > 0)).to.have.length(1);
      expect((await s.outbox.attempts(w.id, 10)).length).to.equal(0);
      expect((await s.outbox.nextPending(w.id))!.payload).to.equal('{"type":"domain.blocked"}');
    } finally {
      await other.dispose();
    }
  });

  it('judges every projection again for what time alone changes, once', async () => {
    s = await make();
    const w = aWatch({ events: ['entity.expired'] });
    await watch(w);
    // The store stamps each write with the database's own clock, which no test controls: the expiry
    // lies a year past this process's clock, so a clock moved either way still sees the write first.
    const expiresAt = new Date(Date.now() + 365 * DAY_MS);
    await s.entities.create(aNewEntity({ domain: 'shop.example.com', expiresAt: expiresAt.toISOString() }));
    await s.outbox.applyChanges(100, apply, newId);
    const later = new Date(expiresAt.getTime() + DAY_MS);
    const judge = (domain: string, projection: WatchProjection) => numbered(rejudge(domain as DomainName, projection, later), later.toISOString());
    expect(await s.outbox.rejudgeAll(judge, newId)).to.deep.equal([w.id]);
    expect(await s.outbox.rejudgeAll(judge, newId)).to.deep.equal([]);
    expect((await s.outbox.nextPending(w.id))!.payload).to.equal('{"type":"entity.expired"}');
  });

  it('gives one worker the delivery turn at a time, and records what an attempt decided', async () => {
    s = await make();
    const w = aWatch();
    await watch(w);
    expect(await s.outbox.claimTurn(w.id, '2026-11-25T12:02:00.000Z', T0)).to.equal('claimed');
    expect(await s.outbox.claimTurn(w.id, '2026-11-25T12:02:00.000Z', T0)).to.equal('busy');
    expect(await s.outbox.claimTurn(w.id, '2026-11-25T12:05:00.000Z', '2026-11-25T12:03:00.000Z')).to.equal('claimed');
    await s.outbox.releaseTurn(w.id);
    await s.blocklist.add([aBlock('shop.example.com')]);
    await s.outbox.applyChanges(100, apply, newId);
    const d = (await s.outbox.nextPending(w.id))!;
    await s.outbox.recordAttempt(
      d,
      { attempt: 1, at: T0, status: 500, error: 'HTTP 500', durationMs: 5 },
      { outcome: 'retrying', failingSince: T0, nextAttemptAt: '2026-11-25T12:00:30.000Z' },
    );
    expect(await s.outbox.dueWatches('2026-11-25T12:00:29.000Z', 10)).to.deep.equal([]);
    expect(await s.outbox.dueWatches('2026-11-25T12:00:30.000Z', 10)).to.deep.equal([w.id]);
    expect(await s.outbox.nextPending(w.id)).to.include({ attempts: 1, failingSince: T0, nextAttemptAt: '2026-11-25T12:00:30.000Z', firstAttemptAt: T0 });
    await s.outbox.recordAttempt(
      { ...d, attempts: 1 },
      { attempt: 2, at: '2026-11-26T12:00:00.000Z', status: null, error: 'TIMEOUT: slow', durationMs: 10_000 },
      { outcome: 'failed', failingSince: T0, disableReason: 'failing for 24 hours' },
    );
    expect(await s.watches.find(w.id)).to.include({ status: 'disabled', disabledReason: 'failing for 24 hours', failingSince: T0 });
    expect(await s.outbox.claimTurn(w.id, '2026-11-27T00:00:00.000Z', '2026-11-26T12:00:00.000Z')).to.equal('inactive');
    expect(await s.outbox.nextPending(w.id)).to.equal(undefined);
    expect(await s.watches.remove(w.id)).to.equal(true);
    expect(await s.watches.remove(w.id)).to.equal(false);
    // Watched again later, the domain starts afresh from the store, not from the old projection.
    await s.blocklist.remove(SHOP);
    await s.outbox.applyChanges(100, apply, newId);
    const again = aWatch({ events: ['domain.blocked'] });
    await watch(again);
    await s.blocklist.add([aBlock('shop.example.com')]);
    expect((await s.outbox.applyChanges(100, apply, newId)).watchIds).to.deep.equal([again.id]);
  });
}
