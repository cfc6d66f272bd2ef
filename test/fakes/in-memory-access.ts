import type { ApiKeyStore, ApiKeySummary, RevokeOutcome, StoredApiKey } from '../../src/application/ports/api-key-store.js';
import type { DayUsage, UsageCount, UsageLedger } from '../../src/application/ports/usage-ledger.js';

interface DayCount {
  count: number;
  lastUsedAt: string | null;
}

/**
 * API keys and the usage ledger in memory, one object behind both ports as one database is behind
 * the Knex adapters: a key's last use comes from its usage. Each call yields once, as a database would.
 */
export class InMemoryAccess implements ApiKeyStore, UsageLedger {
  readonly keys = new Map<string, StoredApiKey>();
  /** Counts by subject, then by day. */
  readonly usage = new Map<string, Map<string, DayCount>>();
  /** Every add, as given. */
  readonly adds: Array<{ counts: UsageCount[]; at: string }> = [];
  private failure: Error | undefined;

  /** The next add rejects with `error` (and counts nothing); the one after works again. */
  failNext(error: Error): void {
    this.failure = error;
  }

  /** The ids of revoked keys, in the order they were created. */
  get revokedIds(): string[] {
    return [...this.keys.values()].filter((k) => k.revokedAt !== null).map((k) => k.id);
  }

  async create(key: Omit<StoredApiKey, 'revokedAt'>): Promise<boolean> {
    await Promise.resolve();
    if (this.keys.has(key.id) || [...this.keys.values()].some((k) => k.keyHash === key.keyHash)) return false;
    this.keys.set(key.id, { ...key, revokedAt: null });
    return true;
  }

  async find(id: string): Promise<StoredApiKey | undefined> {
    await Promise.resolve();
    return this.keys.get(id);
  }

  async list(): Promise<ApiKeySummary[]> {
    await Promise.resolve();
    const newestFirst = [...this.keys.values()].sort((a, b) => compare(b.createdAt, a.createdAt) || compare(b.id, a.id));
    return newestFirst.map(({ keyHash: _hash, ...key }) => ({ ...key, lastUsedAt: this.lastUse(`key:${key.id}`) }));
  }

  async revoke(id: string, at: string): Promise<RevokeOutcome> {
    await Promise.resolve();
    const key = this.keys.get(id);
    if (!key) return 'unknown';
    if (key.revokedAt !== null) return 'already_revoked';
    this.keys.set(id, { ...key, revokedAt: at });
    return 'revoked';
  }

  async add(counts: readonly UsageCount[], at: string): Promise<UsageCount[]> {
    this.adds.push({ counts: [...counts], at });
    await Promise.resolve();
    const failure = this.failure;
    this.failure = undefined;
    if (failure) throw failure;
    const touched = new Map<string, UsageCount>();
    for (const c of counts) {
      const days = this.usage.get(c.subject) ?? new Map<string, DayCount>();
      const stored = days.get(c.day) ?? { count: 0, lastUsedAt: null };
      const next = { count: stored.count + c.count, lastUsedAt: c.count > 0 ? at : stored.lastUsedAt };
      days.set(c.day, next);
      this.usage.set(c.subject, days);
      touched.set(`${c.subject}\n${c.day}`, { subject: c.subject, day: c.day, count: next.count });
    }
    return [...touched.values()];
  }

  async history(subject: string, fromDay: string): Promise<DayUsage[]> {
    await Promise.resolve();
    return [...(this.usage.get(subject) ?? new Map<string, DayCount>())]
      .filter(([day, { count }]) => day >= fromDay && count > 0)
      .sort(([a], [b]) => compare(a, b))
      .map(([day, { count }]) => ({ day, count }));
  }

  async prune(beforeDay: string): Promise<number> {
    await Promise.resolve();
    let deleted = 0;
    for (const days of this.usage.values()) {
      for (const day of [...days.keys()]) if (day < beforeDay && days.delete(day)) deleted++;
    }
    return deleted;
  }

  private lastUse(subject: string): string | null {
    const times = [...(this.usage.get(subject)?.values() ?? [])].map((d) => d.lastUsedAt).filter((t): t is string => t !== null);
    return times.length === 0 ? null : times.sort(compare).at(-1)!;
  }
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
