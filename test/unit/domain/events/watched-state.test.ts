import { expect } from 'chai';
import { domainName } from '../../../../src/domain/domain-name.js';
import { pastDeliveryWindow, retryDelaySeconds } from '../../../../src/domain/events/watch.js';
import { diffWatchedStates, watchedStateOf, type WatchedState } from '../../../../src/domain/events/watched-state.js';
import { judgeRegistry } from '../../../../src/domain/registry-verdict.js';
import { aBlock, anEntity } from '../../../support/builders.js';

const NOW = new Date('2026-11-25T12:00:00.000Z');
const base: WatchedState = { registry: 'not_verified', entityId: null, reportId: null, readiness: 'unknown' };
const types = (from: Partial<WatchedState>, to: Partial<WatchedState>) => diffWatchedStates({ ...base, ...from }, { ...base, ...to }).map((e) => e.type);

describe('watched states and their events', () => {
  it('reads the registry status a watch follows, revoked included', () => {
    const name = domainName('shop.example.com');
    const state = (entities: ReturnType<typeof anEntity>[], blocks = [] as ReturnType<typeof aBlock>[]) => {
      const records = { entities, blocks };
      return watchedStateOf(judgeRegistry(name, records, NOW), records, 'rpt_1', 'ready');
    };
    const entity = anEntity({ id: 'ent_shop001', domain: 'example.com', expiresAt: '2099-01-01T00:00:00.000Z' });
    expect(state([entity])).to.deep.equal({ registry: 'verified', entityId: 'ent_shop001', reportId: 'rpt_1', readiness: 'ready' });
    expect(state([{ ...entity, status: 'revoked' }])).to.include({ registry: 'revoked', entityId: 'ent_shop001' });
    expect(state([{ ...entity, expiresAt: '2026-01-01T00:00:00.000Z' }])).to.include({ registry: 'expired' });
    expect(state([entity], [aBlock('example.com')])).to.include({ registry: 'blocked', entityId: null });
    expect(state([])).to.include({ registry: 'not_verified' });
  });

  it('announces each change as one event, and nothing for an unchanged state', () => {
    expect(types({}, {})).to.deep.equal([]);
    expect(types({}, { registry: 'verified', entityId: 'e1' })).to.deep.equal(['entity.verified']);
    expect(types({ registry: 'verified', entityId: 'e1' }, { registry: 'verified', entityId: 'e2' })).to.deep.equal(['entity.verified']);
    expect(types({ registry: 'verified', entityId: 'e1' }, { registry: 'revoked', entityId: 'e1' })).to.deep.equal(['entity.revoked']);
    expect(types({ registry: 'verified', entityId: 'e1' }, { registry: 'expired', entityId: 'e1' })).to.deep.equal(['entity.expired']);
    expect(types({ registry: 'verified', entityId: 'e1' }, { registry: 'blocked' })).to.deep.equal(['domain.blocked']);
    expect(types({ registry: 'blocked' }, { registry: 'verified', entityId: 'e1' })).to.deep.equal(['domain.unblocked']);
    expect(types({ reportId: 'r1', readiness: 'ready' }, { reportId: 'r2', readiness: 'limited' })).to.deep.equal(['report.created', 'readiness.changed']);
    expect(types({ readiness: 'ready' }, { readiness: 'limited' })).to.deep.equal(['readiness.changed']);
  });

  it('carries the previous and current values of what changed', () => {
    expect(diffWatchedStates({ ...base, readiness: 'ready' }, { ...base, readiness: 'limited' })).to.deep.equal([
      { type: 'readiness.changed', previous: { readiness: 'ready' }, current: { readiness: 'limited' } },
    ]);
  });

  it('waits longer after each failure, never more than an hour, and gives up after 24 hours', () => {
    expect([1, 2, 3, 4].map((n) => retryDelaySeconds(n, 30))).to.deep.equal([30, 60, 120, 240]);
    expect(retryDelaySeconds(30, 30)).to.equal(3600);
    expect(pastDeliveryWindow('2026-11-24T12:00:00.001Z', NOW)).to.equal(false);
    expect(pastDeliveryWindow('2026-11-24T12:00:00.000Z', NOW)).to.equal(true);
  });
});
