import { expect } from 'chai';
import { ReadQuotas } from '../../../src/application/access/read-quotas.js';
import { InMemoryAccess } from '../../fakes/in-memory-access.js';
import { rejection } from '../../support/rejection.js';

const NOON = new Date('2026-09-01T12:00:00.000Z');
const later = (seconds: number, from = NOON) => new Date(from.getTime() + seconds * 1000);

describe('ReadQuotas', () => {
  let ledger: InMemoryAccess;
  let quotas: ReadQuotas;
  const total = (subject: string, day = '2026-09-01') => ledger.usage.get(subject)?.get(day)?.count;
  /** Asks `times` times as `subject` with a quota of `quota`; says how many were admitted. */
  const ask = (times: number, subject = 'addr:192.0.2.1', quota: number | null = 20, at = NOON, on = quotas) => {
    let admitted = 0;
    for (let i = 0; i < times; i++) if (!on.admit(subject, 'free', quota, at).exhausted) admitted++;
    return admitted;
  };

  beforeEach(() => {
    ledger = new InMemoryAccess();
    quotas = new ReadQuotas(ledger);
  });

  it('admits a quota of 20 twenty times, counting down, then refuses', () => {
    const standings = Array.from({ length: 22 }, () => quotas.admit('addr:192.0.2.1', 'free', 20, NOON));
    expect(standings.map((s) => s.remaining)).to.deep.equal([19, 18, 17, 16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0, 0, 0]);
    expect(standings.map((s) => s.exhausted).lastIndexOf(false)).to.equal(19);
    expect(standings[20]).to.deep.equal({ tier: 'free', quota: 20, remaining: 0, resetSeconds: 43_200, exhausted: true });
  });

  it('never refuses an unlimited quota', () => {
    expect(ask(500, 'key:key_00000001', null)).to.equal(500);
  });

  it('sends its counts to the ledger only at a sync, in one add per sync', async () => {
    ask(5, 'addr:192.0.2.1');
    ask(3, 'key:key_00000001');
    expect(ledger.adds).to.deep.equal([]);
    expect(ledger.usage.size).to.equal(0);

    await quotas.sync(later(1));

    expect(ledger.adds).to.deep.equal([
      {
        at: '2026-09-01T12:00:01.000Z',
        counts: [
          { subject: 'addr:192.0.2.1', day: '2026-09-01', count: 5 },
          { subject: 'key:key_00000001', day: '2026-09-01', count: 3 },
        ],
      },
    ]);
    expect([total('addr:192.0.2.1'), total('key:key_00000001')]).to.deep.equal([5, 3]);

    ask(2, 'addr:192.0.2.1');
    await quotas.sync(later(2));
    expect(ledger.adds).to.have.length(2);
    expect(ledger.adds[1]!.counts, 'only what was counted since, and only callers asked since').to.deep.equal([
      { subject: 'addr:192.0.2.1', day: '2026-09-01', count: 2 },
    ]);
    expect(total('addr:192.0.2.1')).to.equal(7);
  });

  it('adds nothing when nobody asked since the last sync', async () => {
    await quotas.sync(NOON);
    ask(1);
    await quotas.sync(later(1));
    await quotas.sync(later(2));
    expect(ledger.adds).to.have.length(1);
  });

  it('keeps judging by the total read back: a refused caller is still asked about, with a count of 0', async () => {
    expect(ask(25)).to.equal(20);
    await quotas.sync(later(1));
    expect(ask(3, undefined, 20, later(2))).to.equal(0);
    await quotas.sync(later(3));
    expect(ledger.adds[1]!.counts).to.deep.equal([{ subject: 'addr:192.0.2.1', day: '2026-09-01', count: 0 }]);
    expect(total('addr:192.0.2.1')).to.equal(20);
  });

  describe('two instances on one ledger, a quota of 20', () => {
    let other: ReadQuotas;
    beforeEach(() => {
      other = new ReadQuotas(ledger);
    });

    it('each admits up to the quota before a sync (N times the quota at most), and neither admits more once both synced', async () => {
      expect(ask(25)).to.equal(20);
      expect(ask(25, undefined, 20, NOON, other)).to.equal(20);
      await quotas.sync(later(1));
      await other.sync(later(1));

      expect(total('addr:192.0.2.1')).to.equal(40);
      expect(ask(1, undefined, 20, later(2))).to.equal(0);
      expect(ask(1, undefined, 20, later(2), other)).to.equal(0);
    });

    it('gives nothing beyond the quota once a sync read back what the other counted', async () => {
      expect(ask(20)).to.equal(20);
      await quotas.sync(later(1));
      expect(ask(1, undefined, 20, later(1), other), 'the other does not know yet').to.equal(1);
      await other.sync(later(2));

      expect(total('addr:192.0.2.1')).to.equal(21);
      expect(ask(5, undefined, 20, later(3), other)).to.equal(0);
      expect(ask(5, undefined, 20, later(3))).to.equal(0);
    });

    it('learns the shared total at a sync even when it counted nothing new itself', async () => {
      expect(ask(15)).to.equal(15);
      await quotas.sync(later(1));
      expect(ask(1, undefined, 20, later(1), other)).to.equal(1);
      await other.sync(later(2));
      expect(other.admit('addr:192.0.2.1', 'free', 20, later(3)).remaining, '16 of 20 used: this one leaves 3').to.equal(3);
    });
  });

  it('keeps the counts of a failed sync, still judges by them, and sends them with the next', async () => {
    ask(7);
    ledger.failNext(new Error('connection reset'));

    const error = await rejection<Error>(quotas.sync(later(1)));

    expect(error.message).to.equal('connection reset');
    expect(ledger.usage.size).to.equal(0);
    expect(quotas.admit('addr:192.0.2.1', 'free', 20, later(2)).remaining, '7 kept, this is the 8th').to.equal(12);
    await quotas.sync(later(3));
    expect(ledger.adds.map((a) => a.counts)).to.deep.equal([
      [{ subject: 'addr:192.0.2.1', day: '2026-09-01', count: 7 }],
      [{ subject: 'addr:192.0.2.1', day: '2026-09-01', count: 8 }],
    ]);
    expect(total('addr:192.0.2.1')).to.equal(8);
  });

  it('starts a new UTC day from 0, counting each day apart in the ledger', async () => {
    const lastSecond = new Date('2026-09-01T23:59:59.500Z');
    expect(ask(5, undefined, 3, lastSecond)).to.equal(3);
    const midnight = new Date('2026-09-02T00:00:00.000Z');
    expect(quotas.admit('addr:192.0.2.1', 'free', 3, midnight)).to.deep.equal({ tier: 'free', quota: 3, remaining: 2, resetSeconds: 86_400, exhausted: false });

    await quotas.sync(later(1, midnight));

    expect([total('addr:192.0.2.1', '2026-09-01'), total('addr:192.0.2.1', '2026-09-02')]).to.deep.equal([3, 1]);
    expect(quotas.size, 'the past day is let go once synced').to.equal(1);
  });

  it('loses no count made while a sync is in flight', async () => {
    ask(5);
    const syncing = quotas.sync(later(1));
    expect(ledger.adds, 'the add is out').to.have.length(1);
    expect(quotas.sync(later(1)), 'one sync at a time').to.equal(syncing);

    expect(quotas.admit('addr:192.0.2.1', 'free', 20, later(1)).remaining, 'the 5 being sent still count').to.equal(14);
    ask(2);
    ask(4, 'addr:198.51.100.7');
    await syncing;
    expect(total('addr:192.0.2.1')).to.equal(5);
    expect(quotas.admit('addr:192.0.2.1', 'free', 20, later(2)).remaining, '5 known and 3 pending, this is the 9th').to.equal(11);

    await quotas.sync(later(3));

    expect(ledger.adds[1]!.counts).to.deep.equal([
      { subject: 'addr:192.0.2.1', day: '2026-09-01', count: 4 },
      { subject: 'addr:198.51.100.7', day: '2026-09-01', count: 4 },
    ]);
    expect([total('addr:192.0.2.1'), total('addr:198.51.100.7')]).to.deep.equal([9, 4]);
  });

  it('lets go of a caller idle for ten minutes once synced, and keeps a caller still asking', async () => {
    ask(3, 'addr:192.0.2.1');
    ask(3, 'addr:198.51.100.7');
    await quotas.sync(later(1));
    ask(1, 'addr:198.51.100.7', 20, later(300));
    await quotas.sync(later(301));
    expect(quotas.size).to.equal(2);
    await quotas.sync(later(602));
    expect(quotas.size).to.equal(1);
    expect(quotas.admit('addr:198.51.100.7', 'free', 20, later(603)).remaining, 'still knows its 4').to.equal(15);
  });

  it('lets an idle caller go from memory but not its total: back after ten minutes, it gets nothing more that day', async () => {
    expect(ask(30, 'addr:192.0.2.9', 20, NOON)).to.equal(20);
    await quotas.sync(later(1));
    for (let round = 1; round <= 5; round++) {
      const back = later(round * 601);
      await quotas.sync(back);
      expect(quotas.size, 'let go').to.equal(0);
      expect(ask(30, 'addr:192.0.2.9', 20, back), `burst ${round}`).to.equal(0);
    }
    expect(total('addr:192.0.2.9')).to.equal(20);
    // Another caller let go is not confused with it, and a new day starts from 0.
    expect(ask(3, 'addr:192.0.2.10', 20, later(3100))).to.equal(3);
    expect(ask(1, 'addr:192.0.2.9', 20, new Date('2026-09-02T00:00:01.000Z'))).to.equal(1);
  });
});
