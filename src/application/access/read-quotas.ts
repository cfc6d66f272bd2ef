import { inject, injectable } from 'inversify';
import { quotaStandingBefore, utcDayOf, type QuotaStanding, type Tier } from '../../domain/access/tier.js';
import { fnv1a30 } from '../caching/fnv1a.js';
import { UsageLedger, type UsageCount } from '../ports/usage-ledger.js';

// A caller not heard from for this long is let go from memory once synced; only its total is kept
// (as a number under a 30-bit hash of it) until the day ends, so that asked again it starts from it.
const IDLE_MS = 10 * 60_000;
const DAY_MS = 86_400_000;

/** One caller's count on one UTC day, as this process knows it. */
interface Tally {
  readonly subject: string;
  readonly day: string;
  /** The shared total read back at the last sync: every instance's counts, this one's included. */
  known: number;
  /** Counted here and being added to the shared total right now. */
  sending: number;
  /** Counted here since the last sync began. */
  pending: number;
  /** Asked since the last sync began (its total is read back even when nothing was counted). */
  asked: boolean;
  lastAskedMs: number;
}

/**
 * Daily request counts held across instances without a write per request: each request is judged
 * against what this process knows (the shared total read back at the last sync, plus what it
 * counted since), and `sync`, run once a second, adds this process's new counts to the shared
 * UsageLedger and reads the totals back in one statement. So a caller asking N instances at once
 * can get, beyond its quota, at most what the other N-1 instances give it before their next sync
 * (each never gives more than the quota by itself): at most N times the quota in a day.
 */
@injectable()
export class ReadQuotas {
  /** Today's callers, by subject. */
  private readonly tallies = new Map<string, Tally>();
  /** Callers of an earlier day whose counts are not synced yet. */
  private earlierDays: Tally[] = [];
  private day = '';
  private dayEndMs = 0;
  /**
   * The last total of each caller let go today, by a 30-bit hash of its key: a caller that comes back
   * starts from it rather than from 0, so this instance never gives it more than its quota. A
   * collision can only start a caller from another's total (never lower), until the next sync reads
   * its own back.
   */
  private letGoTotals = new Map<number, number>();
  private letGoDay = '';
  private syncing: Promise<void> | undefined;

  constructor(@inject(UsageLedger) private readonly ledger: UsageLedger) {}

  /** How many callers are held in memory now. */
  get size(): number {
    return this.tallies.size;
  }

  /**
   * Counts one request of `subject` (of `tier`, with `quota` a day, null unlimited) at `now`
   * unless its quota is used up as far as this process knows, and says where it stands.
   */
  admit(subject: string, tier: Tier, quota: number | null, now: Date): QuotaStanding {
    const ms = now.getTime();
    // The day and its end are worked out once a day, not per request.
    if (ms >= this.dayEndMs || ms < this.dayEndMs - DAY_MS) {
      this.day = utcDayOf(now);
      this.dayEndMs = Date.parse(`${this.day}T00:00:00.000Z`) + DAY_MS;
    }
    const day = this.day;
    let tally = this.tallies.get(subject);
    if (tally && tally.day !== day) {
      // Yesterday's counts still go to yesterday's total, at the next sync.
      if (tally.pending > 0 || tally.sending > 0 || tally.asked) this.earlierDays.push(tally);
      tally = undefined;
    }
    if (!tally) {
      const known = day === this.letGoDay ? (this.letGoTotals.get(fnv1a30(`${day} ${subject}`)) ?? 0) : 0;
      this.tallies.set(subject, (tally = { subject, day, known, sending: 0, pending: 0, asked: false, lastAskedMs: 0 }));
    }
    tally.asked = true;
    tally.lastAskedMs = ms;
    const standing = quotaStandingBefore(tier, quota, tally.known + tally.sending + tally.pending, Math.max(1, Math.ceil((this.dayEndMs - ms) / 1000)));
    if (!standing.exhausted) tally.pending++;
    return standing;
  }

  /**
   * Adds what was counted since the last sync to the shared totals and reads the totals of every
   * caller asked since back, in one UsageLedger statement; then lets go of callers idle for ten
   * minutes and of past days. A failed sync keeps its counts for the next. One sync at a time.
   */
  sync(now: Date): Promise<void> {
    this.syncing ??= this.syncOnce(now).finally(() => {
      this.syncing = undefined;
    });
    return this.syncing;
  }

  private async syncOnce(now: Date): Promise<void> {
    const batch: Tally[] = [];
    const earlier = this.earlierDays;
    this.earlierDays = [];
    for (const tally of [...earlier, ...this.tallies.values()]) {
      if (!tally.asked) continue;
      tally.sending = tally.pending;
      tally.pending = 0;
      tally.asked = false;
      batch.push(tally);
    }
    if (batch.length > 0) {
      let totals: UsageCount[];
      try {
        totals = await this.ledger.add(
          batch.map((t) => ({ subject: t.subject, day: t.day, count: t.sending })),
          now.toISOString(),
        );
      } catch (error) {
        for (const tally of batch) {
          tally.pending += tally.sending;
          tally.sending = 0;
          tally.asked = true;
        }
        this.earlierDays.push(...earlier);
        throw error;
      }
      const byKey = new Map(batch.map((tally) => [`${tally.day} ${tally.subject}`, tally]));
      for (const total of totals) {
        const tally = byKey.get(`${total.day} ${total.subject}`);
        if (tally) tally.known = total.count;
      }
      for (const tally of batch) tally.sending = 0;
      // An earlier day's caller asked again meanwhile waits for the next sync.
      this.earlierDays.push(...earlier.filter((tally) => tally.pending > 0 || tally.asked));
    }
    this.letGo(now);
  }

  private letGo(now: Date): void {
    const today = utcDayOf(now);
    if (this.letGoDay !== today) {
      this.letGoDay = today;
      this.letGoTotals = new Map();
    }
    for (const [subject, tally] of this.tallies) {
      const settled = tally.pending === 0 && tally.sending === 0 && !tally.asked;
      if (!settled || (tally.day === today && now.getTime() - tally.lastAskedMs <= IDLE_MS)) continue;
      this.tallies.delete(subject);
      if (tally.day === today && tally.known > 0) {
        const hash = fnv1a30(`${tally.day} ${subject}`);
        this.letGoTotals.set(hash, Math.max(tally.known, this.letGoTotals.get(hash) ?? 0));
      }
    }
  }
}
