import { inject, injectable } from 'inversify';
import type { DomainName } from '../domain/domain-name.js';
import type { DomainRecords } from './ports/registry-reader.js';
import { Clock } from './ports/clock.js';

const MAX_ENTRIES = 50_000;

/**
 * In-process cache of registry records by name, so that most verifies cost no database query.
 * Each entry lives no longer than clients may cache the answer built from it (the caller says how
 * long), and every local write clears the cache. Writes made by other processes show up when the
 * entries expire: at most five minutes for a not-verified answer, an hour for a verified one.
 */
@injectable()
export class RegistryReadCache {
  private readonly entries = new Map<string, { records: DomainRecords; expiresAtMs: number }>();

  constructor(@inject(Clock) private readonly clock: Clock) {}

  get(name: DomainName): DomainRecords | undefined {
    const entry = this.entries.get(name);
    if (!entry) return undefined;
    if (entry.expiresAtMs <= this.clock.now().getTime()) {
      this.entries.delete(name);
      return undefined;
    }
    return entry.records;
  }

  set(name: DomainName, records: DomainRecords, ttlSeconds: number): void {
    if (ttlSeconds <= 0) return;
    if (this.entries.size >= MAX_ENTRIES) {
      // Map keeps insertion order: dropping the first key evicts the oldest entry.
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(name, { records, expiresAtMs: this.clock.now().getTime() + ttlSeconds * 1000 });
  }

  /** Forgets one name (its own records changed, e.g. a new report). */
  delete(name: DomainName): void {
    this.entries.delete(name);
  }

  /** Forgets everything; called after every local write to the registry. */
  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
