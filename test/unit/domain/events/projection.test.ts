import { expect } from 'chai';
import { domainName } from '../../../../src/domain/domain-name.js';
import { applyChange, projectionOf, rejudge, type RegistryChange, type WatchProjection } from '../../../../src/domain/events/projection.js';
import { METHODOLOGY_VERSION } from '../../../../src/domain/scan/methodology.js';
import type { ReportSummary } from '../../../../src/domain/scan/report.js';
import { aBlock, anEntity } from '../../../support/builders.js';

const SHOP = domainName('shop.example.com');
const T0 = '2026-11-25T12:00:00.000Z';
const start = projectionOf(SHOP, { entities: [], blocks: [] }, null, new Date(T0));
const report = (id: string, score: number, scannedAt = T0): ReportSummary => ({
  id,
  domain: SHOP,
  scannedAt,
  methodologyVersion: METHODOLOGY_VERSION,
  score,
  reachable: true,
  httpsValid: true,
  scope: { origin: '', paths: [], notCovered: [] },
  evidenceCount: 1,
  certificateValidTo: null,
});

function replay(changes: RegistryChange[], from: WatchProjection = start): { projection: WatchProjection; types: string[] } {
  let projection = from;
  const types: string[] = [];
  for (const change of changes) {
    const step = applyChange(SHOP, projection, change);
    projection = step.projection;
    types.push(...step.events.map((e) => e.type));
  }
  return { projection, types };
}

describe('a watched domain projected write by write', () => {
  it('gives each write its own events, judged at the write, even when the next one undoes it', () => {
    const entity = anEntity({ id: 'ent_shop001', domain: 'example.com', expiresAt: '2099-01-01T00:00:00.000Z' });
    const { types } = replay([
      { kind: 'entity', at: T0, name: 'example.com', entity },
      { kind: 'block', at: T0, name: 'example.com', block: aBlock('example.com') },
      { kind: 'unblock', at: T0, name: 'example.com' },
      { kind: 'entity', at: T0, name: 'example.com', entity: { ...entity, status: 'revoked' } },
    ]);
    expect(types).to.deep.equal(['entity.verified', 'domain.blocked', 'domain.unblocked', 'entity.revoked']);
  });

  it('ignores writes that do not concern the domain, and a write replayed on a projection that has it', () => {
    expect(replay([{ kind: 'block', at: T0, name: 'other.example.com', block: aBlock('other.example.com') }]).types).to.deep.equal([]);
    expect(
      replay([{ kind: 'report', at: T0, name: 'example.com', report: { ...report('rpt_parent', 90), domain: domainName('example.com') } }]).types,
    ).to.deep.equal([]);
    const blocked = replay([{ kind: 'block', at: T0, name: 'shop.example.com', block: aBlock('shop.example.com') }]).projection;
    expect(replay([{ kind: 'block', at: T0, name: 'shop.example.com', block: aBlock('shop.example.com') }], blocked).types).to.deep.equal([]);
  });

  it('announces a new report and the readiness it brings, and never goes back to an older report', () => {
    const first = replay([{ kind: 'report', at: T0, name: SHOP, report: report('rpt_a', 95) }]);
    expect(first.types).to.deep.equal(['report.created', 'readiness.changed']);
    expect(first.projection.state).to.include({ reportId: 'rpt_a', readiness: 'ready' });
    const worse = replay([{ kind: 'report', at: T0, name: SHOP, report: report('rpt_b', 40, '2026-11-25T12:00:01.000Z') }], first.projection);
    expect(worse.types).to.deep.equal(['report.created', 'readiness.changed']);
    const older = replay([{ kind: 'report', at: T0, name: SHOP, report: report('rpt_old', 99, '2026-11-01T00:00:00.000Z') }], worse.projection);
    expect(older.types).to.deep.equal([]);
  });

  it('finds what time alone changes when judged again later: an expiry, a report going stale', () => {
    const entity = anEntity({ id: 'ent_shop001', domain: 'shop.example.com', expiresAt: '2026-12-01T00:00:00.000Z' });
    const { projection } = replay([
      { kind: 'entity', at: T0, name: SHOP, entity },
      { kind: 'report', at: T0, name: SHOP, report: report('rpt_a', 95) },
    ]);
    const later = rejudge(SHOP, projection, new Date('2026-12-03T00:00:00.000Z'));
    expect(later.events.map((e) => e.type)).to.deep.equal(['entity.expired', 'readiness.changed']);
    expect(rejudge(SHOP, later.projection, new Date('2026-12-03T00:00:00.000Z')).events).to.deep.equal([]);
  });
});
