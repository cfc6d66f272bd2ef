import { inject, injectable } from 'inversify';
import { LRUCache } from 'lru-cache';
import { ApiKeyStore, type StoredApiKey } from '../ports/api-key-store.js';

const MAX_KEYS = 10_000;
/** The change-feed name of an API key's change (the triggers of `api_keys` record it). */
export const KEY_CHANGE_PREFIX = 'key:';

/**
 * The API keys this process has read, by id, so that a key holder's request costs no read after
 * its first: bounded to 10,000 keys (least recently used out first). Nothing is kept for an id the
 * store does not hold, so a made-up id is read each time; its checksum was checked before. A key
 * written by any process (a revocation) is forgotten when the change feed names it (`key:<id>`),
 * within a second; a feed that may have missed changes clears it all.
 */
@injectable()
export class ApiKeys {
  private readonly keys = new LRUCache<string, StoredApiKey>({ max: MAX_KEYS });
  private readonly reading = new Map<string, Promise<StoredApiKey | undefined>>();
  /** Counts changes told (any key's, and clears): a read that was out during one keeps nothing. Keys change rarely. */
  private generation = 0;

  constructor(@inject(ApiKeyStore) private readonly store: ApiKeyStore) {}

  /** The key with this id: at once when cached, else once read (one read for concurrent askers). */
  find(id: string): StoredApiKey | undefined | Promise<StoredApiKey | undefined> {
    const cached = this.keys.get(id);
    if (cached) return cached;
    let pending = this.reading.get(id);
    if (!pending) {
      const generation = this.generation;
      const read: Promise<StoredApiKey | undefined> = this.store.find(id).then((key) => {
        // A change told while the read was out may be newer than what it read: keep nothing then.
        if (key && generation === this.generation) this.keys.set(id, key);
        return key;
      });
      read
        .finally(() => {
          if (this.reading.get(id) === read) this.reading.delete(id);
        })
        .catch(() => undefined);
      this.reading.set(id, (pending = read));
    }
    return pending;
  }

  /** True while `key` is the one this process holds for its id: no change of it was told since it was read. */
  isCurrent(key: StoredApiKey): boolean {
    return this.keys.peek(key.id) === key;
  }

  /** Forgets the keys among the changed names (`key:<id>`); other names are not keys. */
  forget(names: readonly string[]): void {
    for (const name of names) {
      if (!name.startsWith(KEY_CHANGE_PREFIX)) continue;
      const id = name.slice(KEY_CHANGE_PREFIX.length);
      this.keys.delete(id);
      // Whoever asks after the change must not share a read that began before it.
      this.reading.delete(id);
      this.generation++;
    }
  }

  /** Forgets every key (changes may have been missed). */
  clear(): void {
    this.keys.clear();
    this.reading.clear();
    this.generation++;
  }
}
