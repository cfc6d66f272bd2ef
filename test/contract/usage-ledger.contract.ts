import { expect } from 'chai';
import type { UsageCount, UsageLedger } from '../../src/application/ports/usage-ledger.js';

/** A UsageLedger over a fresh, empty store. */
export interface UsageLedgerSubject {
  readonly ledger: UsageLedger;
  /** A second handle on the same store, as another instance would have. */
  second(): Promise<{ ledger: UsageLedger; dispose(): Promise<void> }>;
  dispose(): Promise<void>;
}

const AT = '2026-10-02T10:00:00.000Z';
const KEY = 'key:key_K0000001';
const ADDR = 'addr:198.51.100.7';

const byCaller = (counts: readonly UsageCount[]) => [...counts].sort((a, b) => `${a.subject} ${a.day}`.localeCompare(`${b.subject} ${b.day}`));

/** The behaviour every UsageLedger adapter must have. */
export function usageLedgerContract(make: () => Promise<UsageLedgerSubject>): void {
  let s: UsageLedgerSubject;
  beforeEach(async () => {
    s = await make();
  });
  afterEach(async () => {
    await s.dispose();
  });

  it('adds counts and returns each caller-day total after the addition', async () => {
    expect(
      byCaller(
        await s.ledger.add(
          [
            { subject: KEY, day: '2026-10-02', count: 3 },
            { subject: ADDR, day: '2026-10-02', count: 1 },
          ],
          AT,
        ),
      ),
    ).to.deep.equal([
      { subject: ADDR, day: '2026-10-02', count: 1 },
      { subject: KEY, day: '2026-10-02', count: 3 },
    ]);
    expect(await s.ledger.add([{ subject: KEY, day: '2026-10-02', count: 4 }], AT)).to.deep.equal([{ subject: KEY, day: '2026-10-02', count: 7 }]);
    expect(await s.ledger.history(ADDR, '2026-10-01')).to.deep.equal([{ day: '2026-10-02', count: 1 }]);
  });

  it('answers an empty add with nothing', async () => {
    expect(await s.ledger.add([], AT)).to.deep.equal([]);
    expect(await s.ledger.history(KEY, '2000-01-01')).to.deep.equal([]);
  });

  it('adds the same caller-day given twice in one add once, as their sum', async () => {
    const totals = await s.ledger.add(
      [
        { subject: KEY, day: '2026-10-02', count: 2 },
        { subject: KEY, day: '2026-10-02', count: 5 },
      ],
      AT,
    );
    expect(totals).to.deep.equal([{ subject: KEY, day: '2026-10-02', count: 7 }]);
  });

  it("returns totals that include another instance's additions", async () => {
    const other = await s.second();
    try {
      await other.ledger.add([{ subject: KEY, day: '2026-10-02', count: 40 }], AT);
      expect(await s.ledger.add([{ subject: KEY, day: '2026-10-02', count: 2 }], AT)).to.deep.equal([{ subject: KEY, day: '2026-10-02', count: 42 }]);
      expect(await other.ledger.add([{ subject: KEY, day: '2026-10-02', count: 0 }], AT)).to.deep.equal([{ subject: KEY, day: '2026-10-02', count: 42 }]);
    } finally {
      await other.dispose();
    }
  });

  it('reads the total back with a count of 0 without adding; a caller never counted reads 0 and has no history', async () => {
    await s.ledger.add([{ subject: KEY, day: '2026-10-02', count: 5 }], AT);
    expect(
      await s.ledger
        .add(
          [
            { subject: KEY, day: '2026-10-02', count: 0 },
            { subject: ADDR, day: '2026-10-02', count: 0 },
          ],
          AT,
        )
        .then(byCaller),
    ).to.deep.equal([
      { subject: ADDR, day: '2026-10-02', count: 0 },
      { subject: KEY, day: '2026-10-02', count: 5 },
    ]);
    expect(await s.ledger.history(KEY, '2026-10-01')).to.deep.equal([{ day: '2026-10-02', count: 5 }]);
    expect(await s.ledger.history(ADDR, '2026-10-01'), 'a day without requests is left out').to.deep.equal([]);
  });

  it('sums exactly what two instances add at the same time, each add seeing its own total', async () => {
    const other = await s.second();
    try {
      const one = [{ subject: KEY, day: '2026-10-02', count: 1 }];
      const results = await Promise.all(Array.from({ length: 40 }, (_, i) => (i % 2 === 0 ? s.ledger : other.ledger).add(one, AT)));
      const seen = results.map((r) => r[0]!.count).sort((a, b) => a - b);
      expect(seen, 'every add returns the total right after its own').to.deep.equal(Array.from({ length: 40 }, (_, i) => i + 1));
      expect(await s.ledger.history(KEY, '2026-10-01')).to.deep.equal([{ day: '2026-10-02', count: 40 }]);
    } finally {
      await other.dispose();
    }
  });

  it('counts each UTC day apart and lists the days from fromDay on, oldest first', async () => {
    await s.ledger.add([{ subject: KEY, day: '2026-10-03', count: 3 }], AT);
    await s.ledger.add(
      [
        { subject: KEY, day: '2026-10-01', count: 1 },
        { subject: KEY, day: '2026-09-30', count: 9 },
      ],
      AT,
    );
    await s.ledger.add(
      [
        { subject: KEY, day: '2026-10-02', count: 2 },
        { subject: ADDR, day: '2026-10-02', count: 8 },
      ],
      AT,
    );
    expect(await s.ledger.add([{ subject: KEY, day: '2026-10-04', count: 1 }], AT)).to.deep.equal([{ subject: KEY, day: '2026-10-04', count: 1 }]);
    expect(await s.ledger.history(KEY, '2026-10-01')).to.deep.equal([
      { day: '2026-10-01', count: 1 },
      { day: '2026-10-02', count: 2 },
      { day: '2026-10-03', count: 3 },
      { day: '2026-10-04', count: 1 },
    ]);
    expect(await s.ledger.history(KEY, '2026-10-05')).to.deep.equal([]);
    expect(await s.ledger.history('key:key_K0000002', '2026-01-01')).to.deep.equal([]);
  });

  it('adds more caller-days in one add than one statement takes', async () => {
    const counts = Array.from({ length: 1_200 }, (_, i) => ({ subject: `addr:10.0.${i >> 8}.${i & 255}`, day: '2026-10-02', count: (i % 3) + 1 }));
    await s.ledger.add(counts.slice(0, 10), AT);
    const totals = await s.ledger.add(counts, AT);
    expect(totals).to.have.length(1_200);
    const expected = counts.map((c, i) => ({ ...c, count: i < 10 ? c.count * 2 : c.count }));
    expect(byCaller(totals)).to.deep.equal(byCaller(expected));
  });

  it('prunes every count of the days before a day and says how many it deleted', async () => {
    await s.ledger.add(
      [
        { subject: KEY, day: '2026-09-29', count: 1 },
        { subject: ADDR, day: '2026-09-29', count: 1 },
        { subject: KEY, day: '2026-09-30', count: 2 },
      ],
      AT,
    );
    await s.ledger.add(
      [
        { subject: KEY, day: '2026-10-01', count: 3 },
        { subject: ADDR, day: '2026-10-02', count: 0 },
      ],
      AT,
    );
    expect(await s.ledger.prune('2026-10-01')).to.equal(3);
    expect(await s.ledger.history(KEY, '2026-01-01')).to.deep.equal([{ day: '2026-10-01', count: 3 }]);
    expect(await s.ledger.prune('2026-10-01'), 'nothing left before it').to.equal(0);
    expect(await s.ledger.add([{ subject: ADDR, day: '2026-10-02', count: 0 }], AT)).to.deep.equal([{ subject: ADDR, day: '2026-10-02', count: 0 }]);
  });
}
