import { expect } from 'chai';
import type { Knex } from 'knex';
import type { Blocklist } from '../../src/application/ports/blocklist.js';
import type { ChangeFeed } from '../../src/application/ports/change-feed.js';
import type { EntityRepository } from '../../src/application/ports/entity-repository.js';
import type { ReportRepository } from '../../src/application/ports/report-repository.js';
import type { TrustObservationStore } from '../../src/application/ports/trust-observation-store.js';
import { domainName } from '../../src/domain/domain-name.js';
import { RecordingChangeListener } from '../fakes/recording-change-listener.js';
import { aBlock, aNewEntity } from '../support/builders.js';
import { aReport } from '../support/hostile-report.js';

/** A started-on-demand feed over one database, and repositories on a second pool: another process's writes. */
export interface ChangeFeedSubject {
  readonly feed: ChangeFeed;
  readonly other: {
    readonly db: Knex;
    readonly entities: EntityRepository;
    readonly blocklist: Blocklist;
    readonly reports: ReportRepository;
    readonly observations: TrustObservationStore;
  };
  dispose(): Promise<void>;
}

const WITHIN_MS = 1000;
const SIGNATURE = { contentSha256: 'a'.repeat(64), algorithm: 'Ed25519', keyId: 'kid-1', value: 'sig' } as const;

/**
 * The behaviour every ChangeFeed adapter must have: a write made through another connection pool
 * (as another process would) reaches the listener as its domain within a second. `label` names the
 * adapter in the latency line printed after the suite.
 */
export function changeFeedContract(label: string, make: () => Promise<ChangeFeedSubject>): void {
  let s: ChangeFeedSubject;
  let listener: RecordingChangeListener;
  const latencies: string[] = [];

  beforeEach(async () => {
    s = await make();
    listener = new RecordingChangeListener();
    await s.feed.start(listener);
  });
  afterEach(async () => {
    await s.feed.stop();
    await s.dispose();
  });
  after(() => {
    if (latencies.length > 0) console.log(`      delivery after the write began (${label}): ${latencies.join(', ')}`);
  });

  /** Runs `write`, then waits for `name`; records and returns the delay from the write's start. */
  async function delivered(what: string, name: string, write: () => Promise<unknown>): Promise<number> {
    const from = listener.events.length;
    const began = performance.now();
    await write();
    const arrived = await listener.waitForName(name, WITHIN_MS, from);
    const delay = Math.round(arrived - began);
    latencies.push(`${what} ${delay} ms`);
    expect(delay).to.be.at.most(WITHIN_MS);
    return delay;
  }

  it('delivers an entity another process adds', async () => {
    await delivered('entity added', 'example.com', () => s.other.entities.create(aNewEntity({ domain: 'example.com' })));
    expect(listener.names).to.deep.equal(['example.com']);
  });

  it('delivers an entity whose status another process changes (revoked, expired)', async () => {
    const entity = await s.other.entities.create(aNewEntity({ domain: 'shop.example.org' }));
    await listener.waitForName('shop.example.org', WITHIN_MS);
    await delivered('entity revoked', 'shop.example.org', () => s.other.entities.setStatus(entity.id, 'revoked'));
    expect(listener.names).to.deep.equal(['shop.example.org', 'shop.example.org']);
  });

  it('delivers a block another process adds, each domain of a batch', async () => {
    await delivered('block added', 'evil.com', () => s.other.blocklist.add([aBlock('evil.com'), aBlock('spam.evil.net')]));
    await listener.waitForName('spam.evil.net', WITHIN_MS);
    expect([...listener.names].sort()).to.deep.equal(['evil.com', 'spam.evil.net']);
  });

  it('delivers a block another process removes', async () => {
    await s.other.blocklist.add([aBlock('evil.com')]);
    await listener.waitForName('evil.com', WITHIN_MS);
    await delivered('block removed', 'evil.com', () => s.other.blocklist.remove(domainName('evil.com')));
    expect(listener.names).to.deep.equal(['evil.com', 'evil.com']);
  });

  it('delivers a report another process stores', async () => {
    const report = aReport({ id: 'rpt_feed1', domain: domainName('scanned.example.com') });
    await delivered('report stored', 'scanned.example.com', () => s.other.reports.save({ report, signature: SIGNATURE }));
    expect(listener.names).to.deep.equal(['scanned.example.com']);
  });

  it('delivers a trust observation another process stores or replaces', async () => {
    const observation = { observedAt: '2026-09-01T00:00:00.000Z', value: { registeredAt: '2010-01-01T00:00:00.000Z' } };
    await delivered('observation stored', 'observed.example.com', () => s.other.observations.put('observed.example.com', 'domain_age', observation));
    await delivered('observation replaced', 'observed.example.com', () => s.other.observations.put('observed.example.com', 'domain_age', observation));
    expect(listener.names).to.deep.equal(['observed.example.com', 'observed.example.com']);
  });

  it('delivers nothing for a write that was rolled back', async () => {
    const rolledBack = s.other.db.transaction(async (trx) => {
      await trx('blocked_domains').insert({ domain: 'never.example.com', reason: 'x', blocked_at: '2026-01-01T00:00:00.000Z' });
      throw new Error('roll back');
    });
    await rolledBack.catch(() => undefined);
    await delivered('block added', 'after.example.com', () => s.other.blocklist.add([aBlock('after.example.com')]));
    expect(listener.names).to.deep.equal(['after.example.com']);
  });

  it('delivers nothing once stopped, and stops twice without complaint', async () => {
    await s.feed.stop();
    await s.feed.stop();
    await s.other.blocklist.add([aBlock('late.example.com')]);
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(listener.events).to.deep.equal([]);
  });
}
