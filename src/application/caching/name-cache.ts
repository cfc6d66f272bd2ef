import { LRUCache } from 'lru-cache';
import { isSameOrSubdomain, registrableDomain, type DomainName } from '../../domain/domain-name.js';
import type { Clock } from '../ports/clock.js';
import type { KnownNames } from './known-names.js';

const MAX_ENTRIES = 50_000;
// Names nobody stored anything under are most of the names asked, and most are asked once: their
// entries (an empty value) are kept up to this many, the oldest out first, so that a stream of new
// names costs bounded memory without pushing out the names the registry knows.
const MAX_EMPTY_ENTRIES = 5_000;
// How many forgotten names are remembered for set()'s stale-read check; older ones count as "maybe".
const MAX_FORGOTTEN = 10_000;

/** How a cache answers the names the store holds nothing under, without an entry for each. */
export interface UnknownNames<T> {
  readonly known: KnownNames;
  /** The value of such a name: one object for all, so that answers compare it by identity. */
  readonly empty: T;
  /** True when a name's value is read from its parents' records too (the registry records), false when from the name's own. */
  readonly covering: boolean;
}

interface Entry<T> {
  readonly value: T;
  readonly expiresAtMs: number;
  /** The registrable domain of the key: the index bucket it sits in. */
  readonly group: string;
}

/**
 * In-process cache of what was read from the store about a name, so that most reads cost no
 * database query. Each entry lives no longer than the caller says (no longer than clients may cache
 * the answer built from it). Writes reach it through ChangePropagation, whichever process made
 * them: the change feed names each written domain and `forget` drops that name and every cached
 * subdomain of it (an entry for shop.example.com may be built from the records of example.com
 * too); a feed that may have missed changes calls `clear`. Bounded to 50,000 names, oldest first
 * out, of which at most 5,000 hold an empty value (`isEmpty`: nothing stored under the name).
 * The bounds are kept by LRUCache, not by a Map's insertion order: V8 leaves a hole at the front of
 * a Map for each key deleted there, and `keys().next()` walks every hole until the table is rebuilt,
 * so evicting the oldest of 50,000 names cost 23 µs instead of under 1.
 *
 * A read that races a write (read before the write, stored after it was forgotten) is refused when
 * the caller passes the `stamp()` taken before its read to `set`.
 */
export class NameCache<T> {
  /** Least recently used out first; unlinks its name from `groups` and `empties` as it goes. */
  private readonly entries = new LRUCache<string, Entry<T>>({
    max: MAX_ENTRIES,
    disposeAfter: (entry, name, reason) => {
      if (reason !== 'set') this.unlink(name, entry.group);
    },
  });
  /** The cached names whose value is empty, oldest cached out first (and out of `entries`). */
  private readonly empties = new LRUCache<string, true>({
    max: MAX_EMPTY_ENTRIES,
    disposeAfter: (_, name, reason) => {
      if (reason === 'evict') this.entries.delete(name);
    },
  });
  /**
   * Cached names by registrable domain, so that forget never scans the whole cache: the one name,
   * or a set once there are several (most domains are asked about under one name only).
   */
  private readonly groups = new Map<string, string | Set<string>>();
  /** Name → the generation in which it was last forgotten; one no longer remembered raises `floor`. */
  private readonly forgotten = new LRUCache<string, number>({
    max: MAX_FORGOTTEN,
    disposeAfter: (at, _, reason) => {
      if (reason === 'evict') this.floor = Math.max(this.floor, at);
    },
  });
  private generation = 0;
  /** Reads stamped before this generation are refused: a clear, or forgotten names no longer remembered. */
  private floor = 0;

  constructor(
    private readonly clock: Clock,
    /** Whether a value says nothing is stored under its name (such entries have a bound of their own). */
    private readonly isEmpty: (value: T) => boolean = () => false,
    /** With it, a name KnownNames says nothing is stored under reads as `empty`, no entry kept; forget and delete add to it. */
    private readonly unknown?: UnknownNames<T>,
  ) {}

  get(name: DomainName): T | undefined {
    // get, not peek: a hit makes the name the most recently used, so that the names asked again and
    // again stay while a stream of names asked once passes through.
    const entry = this.entries.get(name);
    if (entry !== undefined) {
      if (entry.expiresAtMs > this.clock.now().getTime()) return entry.value;
      this.remove(name);
    }
    return this.unknown && (this.unknown.covering ? this.unknown.known.noneCovering(name) : this.unknown.known.isUnknown(name))
      ? this.unknown.empty
      : undefined;
  }

  /**
   * The cached value of `name` (`hit`), or else what `read` answers, cached for `ttlSeconds(value)`
   * unless the name changed while it was being read.
   */
  async readThrough(name: DomainName, read: () => Promise<T>, ttlSeconds: (value: T) => number): Promise<{ readonly value: T; readonly hit: boolean }> {
    const cached = this.get(name);
    if (cached !== undefined) return { value: cached, hit: true };
    // Taken before the read: a change that lands while we read must not be cached over.
    const stamp = this.stamp();
    const value = await read();
    this.set(name, value, ttlSeconds(value), stamp);
    return { value, hit: false };
  }

  /** A stamp to take before reading the value later given to `set`. */
  stamp(): number {
    return this.generation;
  }

  /**
   * Caches `value` of `name` for `ttlSeconds` (nothing when 0 or less). With `readStamp` (from
   * `stamp()` before the read), nothing is cached when the name or a parent was forgotten, or the
   * cache cleared, since: the value may predate that write.
   */
  set(name: DomainName, value: T, ttlSeconds: number, readStamp?: number): void {
    if (ttlSeconds <= 0) return;
    if (readStamp !== undefined && this.changedSince(name, readStamp)) return;
    const group = registrableDomain(name);
    this.entries.set(name, { value, expiresAtMs: this.clock.now().getTime() + ttlSeconds * 1000, group });
    const members = this.groups.get(group);
    if (members === undefined || members === name) this.groups.set(group, name);
    else if (typeof members === 'string') this.groups.set(group, new Set([members, name]));
    else members.add(name);
    if (this.isEmpty(value)) this.empties.set(name, true);
    else this.empties.delete(name);
  }

  /**
   * Forgets each name and every cached subdomain of it: what is stored under it changed (an
   * entity, a block, a report or an observation). Names are lower-case host names under a public
   * suffix, as stored. Costs the number of cached names sharing each name's registrable domain.
   */
  forget(names: readonly string[]): void {
    if (names.length === 0) return;
    this.generation++;
    this.unknown?.known.add(names);
    for (const name of names) {
      this.remember(name);
      // The entries under `name` all share its registrable domain, which is `name` or one of its parents.
      for (let suffix = name; ; suffix = suffix.slice(suffix.indexOf('.') + 1)) {
        const members = this.groups.get(suffix);
        if (members !== undefined)
          for (const member of typeof members === 'string' ? [members] : [...members]) if (isSameOrSubdomain(member, name)) this.remove(member);
        if (!suffix.includes('.')) break;
      }
    }
  }

  /** Forgets one name only (what is stored under that exact name changed, e.g. a new report). */
  delete(name: DomainName): void {
    this.generation++;
    this.unknown?.known.add([name]);
    this.remember(name);
    this.remove(name);
  }

  /** Forgets everything: after a local write, or when changes may have been missed. */
  clear(): void {
    this.generation++;
    this.floor = this.generation;
    this.entries.clear();
    this.empties.clear();
    this.groups.clear();
    this.forgotten.clear();
  }

  get size(): number {
    return this.entries.size;
  }

  private remove(name: string): void {
    this.entries.delete(name);
  }

  /** What `entries` calls once `name` left it. */
  private unlink(name: string, group: string): void {
    this.empties.delete(name);
    const members = this.groups.get(group);
    if (members === name) this.groups.delete(group);
    else if (typeof members === 'object') {
      members.delete(name);
      if (members.size === 0) this.groups.delete(group);
    }
  }

  private remember(name: string): void {
    this.forgotten.set(name, this.generation);
  }

  private changedSince(name: string, readStamp: number): boolean {
    if (readStamp < this.floor) return true;
    for (let suffix = name; ; suffix = suffix.slice(suffix.indexOf('.') + 1)) {
      if ((this.forgotten.peek(suffix) ?? -1) > readStamp) return true;
      if (!suffix.includes('.')) return false;
    }
  }
}
