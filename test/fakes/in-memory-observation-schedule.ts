import type { ObservationSchedule } from '../../src/application/ports/observation-schedule.js';

/** What the schedule needs to know of an entity. */
export interface ScheduledEntity {
  readonly domain: string;
  readonly status: string;
  readonly expiresAt: string;
}

interface Slot {
  dueAt: string;
  claimedUntil: string | null;
}

/**
 * The observation schedule in a map, over the entities that `entities` lists (an InMemoryRegistry's
 * `list`, say). Behaves like KnexObservationSchedule, instants compared as ISO-8601 strings.
 */
export class InMemoryObservationSchedule implements ObservationSchedule {
  readonly slots = new Map<string, Slot>();

  constructor(private readonly entities: () => Promise<readonly ScheduledEntity[]>) {}

  async enroll(now: Date): Promise<number> {
    const at = now.toISOString();
    const entities = await this.entities();
    const held = new Set(entities.filter((e) => live(e, at)).map((e) => e.domain));
    for (const domain of this.slots.keys()) if (!held.has(domain)) this.slots.delete(domain);
    let added = 0;
    for (const e of entities) {
      if (!live(e, at) || this.slots.has(e.domain)) continue;
      this.slots.set(e.domain, { dueAt: at, claimedUntil: null });
      added++;
    }
    return added;
  }

  async claimDue(now: Date, limit: number, leaseSeconds: number): Promise<string[]> {
    if (limit <= 0) return [];
    const at = now.toISOString();
    const until = new Date(now.getTime() + leaseSeconds * 1000).toISOString();
    const liveDomains = new Set((await this.entities()).filter((e) => live(e, at)).map((e) => e.domain));
    const due = [...this.slots]
      .filter(([domain, s]) => s.dueAt <= at && liveDomains.has(domain))
      .sort(([a, x], [b, y]) => x.dueAt.localeCompare(y.dueAt) || a.localeCompare(b));
    // Like the adapter: unclaimed domains first, lapsed claims only once those run out.
    const unclaimed = due.filter(([, s]) => s.claimedUntil === null).slice(0, limit);
    const lapsed = due.filter(([, s]) => s.claimedUntil !== null && s.claimedUntil < at).slice(0, limit - unclaimed.length);
    const claimed = [...unclaimed, ...lapsed].sort(([a, x], [b, y]) => x.dueAt.localeCompare(y.dueAt) || a.localeCompare(b));
    for (const [, s] of claimed) s.claimedUntil = until;
    return claimed.map(([domain]) => domain);
  }

  async done(domains: readonly string[], nextDueAt: Date): Promise<void> {
    for (const domain of domains) {
      const s = this.slots.get(domain);
      if (s) this.slots.set(domain, { dueAt: nextDueAt.toISOString(), claimedUntil: null });
    }
  }
}

function live(e: ScheduledEntity, at: string): boolean {
  return e.status === 'active' && e.expiresAt > at;
}
