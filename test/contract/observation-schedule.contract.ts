import { expect } from 'chai';
import type { ObservationSchedule } from '../../src/application/ports/observation-schedule.js';

export interface ScheduleSubject {
  readonly schedule: ObservationSchedule;
  /** Adds an entity of `domain`: active unless said otherwise, expiring in 2030 unless said otherwise. */
  seed(domain: string, options?: { active?: boolean; expiresAt?: string }): Promise<void>;
  /** Revokes every entity of `domain`. */
  revoke(domain: string): Promise<void>;
  /** Another handle on the same store, as another instance would have (real stores only). */
  readonly second?: () => Promise<{ schedule: ObservationSchedule; dispose(): Promise<void> }>;
  dispose(): Promise<void>;
}

const NOW = new Date('2026-10-01T00:00:00.000Z');
const later = (ms: number) => new Date(NOW.getTime() + ms);
const HOUR = 3_600_000;

/** The behaviour every ObservationSchedule adapter must have. */
export function observationScheduleContract(make: () => Promise<ScheduleSubject>): void {
  let s: ScheduleSubject;
  afterEach(async () => s?.dispose());

  it('enrolls every active unexpired entity once, due at the time of enrolment', async () => {
    s = await make();
    await s.seed('a.example');
    await s.seed('a.example');
    await s.seed('b.example');
    await s.seed('revoked.example', { active: false });
    await s.seed('expired.example', { expiresAt: later(-1).toISOString() });
    expect(await s.schedule.enroll(NOW)).to.equal(2);
    expect(await s.schedule.enroll(later(1000)), 'a second enrolment adds nothing').to.equal(0);
    await s.seed('c.example');
    expect(await s.schedule.enroll(later(2000)), 'a new entity is enrolled').to.equal(1);
    expect(await s.schedule.claimDue(later(-1), 10, 60), 'nothing is due before its enrolment').to.deep.equal([]);
    expect(await s.schedule.claimDue(later(2000), 10, 60)).to.deep.equal(['a.example', 'b.example', 'c.example']);
  });

  it('hands out due domains oldest first, and a claimed one to nobody else until its lease ends', async () => {
    s = await make();
    // Each enrolment takes only the domains not on the schedule yet, so the due times differ.
    for (const [domain, at] of [
      ['old.example', -3 * HOUR],
      ['mid.example', -2 * HOUR],
      ['new.example', -HOUR],
      ['future.example', HOUR],
    ] as const) {
      await s.seed(domain);
      expect(await s.schedule.enroll(later(at))).to.equal(1);
    }
    expect(await s.schedule.claimDue(NOW, 10, 60)).to.deep.equal(['old.example', 'mid.example', 'new.example']);
    expect(await s.schedule.claimDue(NOW, 10, 60)).to.deep.equal([]);
    const other = s.second ? await s.second() : undefined;
    try {
      if (other) expect(await other.schedule.claimDue(later(30_000), 10, 60), 'another instance sees the claim').to.deep.equal([]);
    } finally {
      await other?.dispose();
    }
    expect(await s.schedule.claimDue(later(59_000), 10, 60)).to.deep.equal([]);
    expect(await s.schedule.claimDue(later(61_000), 10, 60), 'lapsed claims come back').to.deep.equal(['old.example', 'mid.example', 'new.example']);
  });

  it('makes done domains due again at the next due time and releases their claim', async () => {
    s = await make();
    for (const d of ['a.example', 'b.example', 'c.example']) await s.seed(d);
    await s.schedule.enroll(NOW);
    expect(await s.schedule.claimDue(NOW, 10, 600)).to.deep.equal(['a.example', 'b.example', 'c.example']);
    // Long lists are fine, and names not on the schedule are left alone.
    const unknown = (n: number) => Array.from({ length: 600 }, (_, i) => `unknown${n}-${i}.example`);
    await s.schedule.done([...unknown(1), 'a.example', ...unknown(2), 'b.example'], later(HOUR));
    await s.schedule.done(['c.example'], NOW);
    await s.schedule.done([], NOW);
    expect(await s.schedule.claimDue(later(1000), 10, 3 * 3600), 'released while its lease would still run').to.deep.equal(['c.example']);
    expect(await s.schedule.claimDue(later(HOUR - 1), 10, 600)).to.deep.equal([]);
    expect(await s.schedule.claimDue(later(HOUR), 10, 600)).to.deep.equal(['a.example', 'b.example']);
  });

  it('hands out no domain whose entity was revoked or expired after enrolment', async () => {
    s = await make();
    await s.seed('kept.example');
    await s.seed('revoked.example');
    await s.seed('expiring.example', { expiresAt: later(HOUR).toISOString() });
    expect(await s.schedule.enroll(NOW)).to.equal(3);
    await s.revoke('revoked.example');
    expect(await s.schedule.claimDue(later(2 * HOUR), 10, 60)).to.deep.equal(['kept.example']);
    expect(await s.schedule.claimDue(later(3 * HOUR), 10, 60)).to.deep.equal(['kept.example']);
    // The next enrolment takes them off the schedule, and a domain live again comes back due at once.
    expect(await s.schedule.enroll(later(3 * HOUR))).to.equal(0);
    await s.seed('revoked.example');
    expect(await s.schedule.enroll(later(4 * HOUR))).to.equal(1);
    expect(await s.schedule.claimDue(later(4 * HOUR), 10, 60)).to.deep.equal(['kept.example', 'revoked.example']);
  });

  it('honours the limit, oldest first', async () => {
    s = await make();
    const domains = ['d.example', 'a.example', 'e.example', 'c.example', 'b.example'];
    for (const [i, d] of domains.entries()) {
      await s.seed(d);
      expect(await s.schedule.enroll(later(-(10 - i) * HOUR))).to.equal(1);
    }
    expect(await s.schedule.claimDue(NOW, 2, 60)).to.deep.equal(['d.example', 'a.example']);
    expect(await s.schedule.claimDue(NOW, 2, 60)).to.deep.equal(['e.example', 'c.example']);
    expect(await s.schedule.claimDue(NOW, 2, 60)).to.deep.equal(['b.example']);
    expect(await s.schedule.claimDue(NOW, 2, 60)).to.deep.equal([]);
  });

  it('gives every domain to exactly one of two instances enrolling and claiming at once', async function () {
    s = await make();
    if (!s.second) return this.skip();
    const all = Array.from({ length: 300 }, (_, i) => `d${String(i).padStart(3, '0')}.example`);
    for (const d of all) await s.seed(d);
    const other = await s.second();
    try {
      const enrolled = await Promise.all([s.schedule.enroll(NOW), other.schedule.enroll(NOW)]);
      expect(enrolled[0] + enrolled[1], 'each domain enrolled by one of them').to.equal(300);
      const claimed: string[] = [];
      for (let round = 0; round < 300; round++) {
        const [mine, theirs] = await Promise.all([s.schedule.claimDue(NOW, 20, 600), other.schedule.claimDue(NOW, 20, 600)]);
        if (mine.length + theirs.length === 0) break;
        claimed.push(...mine, ...theirs);
      }
      expect(new Set(claimed).size, 'no domain claimed twice').to.equal(claimed.length);
      expect([...claimed].sort()).to.deep.equal(all);
      await s.schedule.done(all, later(HOUR));
      expect(await other.schedule.claimDue(later(HOUR), 1000, 600)).to.have.length(300);
    } finally {
      await other.dispose();
    }
  });
}
