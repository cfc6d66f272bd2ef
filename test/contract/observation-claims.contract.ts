import { expect } from 'chai';
import type { ObservationClaims } from '../../src/application/ports/observation-claims.js';

export interface ObservationClaimsSubject {
  readonly claims: ObservationClaims;
  /** Another instance's adapter over the same store, where the adapter has one. */
  readonly second?: () => Promise<{ claims: ObservationClaims; dispose(): Promise<void> }>;
  dispose(): Promise<void>;
}

const DAY = { perMinute: 600, claimSeconds: 86_400 };
const T0 = new Date('2026-11-25T12:00:10.000Z');
const later = (ms: number) => new Date(T0.getTime() + ms);

/** The behaviour every store of first-look claims must have. */
export function observationClaimsContract(make: () => Promise<ObservationClaimsSubject>): void {
  let s: ObservationClaimsSubject;
  afterEach(() => s?.dispose());

  it('claims a zone once per claim period, answering later callers with the first claim’s time', async () => {
    s = await make();
    expect(await s.claims.claim('example.com', T0, DAY)).to.deep.equal({ outcome: 'claimed', claimedAt: T0.toISOString() });
    expect(await s.claims.claim('example.com', later(3_600_000), DAY)).to.deep.equal({ outcome: 'taken', claimedAt: T0.toISOString() });
    expect(await s.claims.claim('other.org', later(1000), DAY)).to.include({ outcome: 'claimed' });
    const nextDay = later(86_400_001);
    expect(await s.claims.claim('example.com', nextDay, DAY)).to.deep.equal({ outcome: 'claimed', claimedAt: nextDay.toISOString() });
  });

  it('holds the budget of a minute across zones, writing nothing for a refused claim, and starts afresh the next minute', async () => {
    s = await make();
    const tight = { perMinute: 3, claimSeconds: 86_400 };
    const outcomes = [];
    for (let i = 0; i < 5; i++) outcomes.push((await s.claims.claim(`zone${i}.example`, later(i * 1000), tight)).outcome);
    expect(outcomes).to.deep.equal(['claimed', 'claimed', 'claimed', 'budget', 'budget']);
    // zone3 was refused for the budget, so nothing holds it: it is claimable the next minute.
    const nextMinute = later(60_000);
    expect(await s.claims.claim('zone3.example', nextMinute, tight)).to.deep.equal({ outcome: 'claimed', claimedAt: nextMinute.toISOString() });
    expect(await s.claims.claim('zone0.example', nextMinute, tight)).to.include({ outcome: 'taken' });
  });

  it('lets a released claim be claimed again at once', async () => {
    s = await make();
    await s.claims.claim('example.com', T0, DAY);
    await s.claims.release('example.com');
    expect(await s.claims.claim('example.com', later(1000), DAY)).to.deep.equal({ outcome: 'claimed', claimedAt: later(1000).toISOString() });
  });

  it('refuses every claim with a budget of 0', async () => {
    s = await make();
    expect(await s.claims.claim('example.com', T0, { perMinute: 0, claimSeconds: 86_400 })).to.deep.equal({ outcome: 'budget' });
  });

  it('gives one zone to exactly one of two instances claiming at the same moment', async function () {
    s = await make();
    if (!s.second) this.skip();
    const other = await s.second!();
    try {
      const results = await Promise.all([
        ...Array.from({ length: 4 }, () => s.claims.claim('race.example', T0, DAY)),
        ...Array.from({ length: 4 }, () => other.claims.claim('race.example', T0, DAY)),
      ]);
      expect(results.filter((r) => r.outcome === 'claimed')).to.have.length(1);
      expect(results.filter((r) => r.outcome === 'taken')).to.have.length(7);
    } finally {
      await other.dispose();
    }
  });
}
