import type { DomainName } from '../../domain/domain-name.js';
import type { Watch } from '../../domain/events/watch.js';
import type { WatchProjection } from '../../domain/events/projection.js';

/** A stored watch with what only the service may see: its signing secret and the hash of its bearer token. */
export interface StoredWatch extends Watch {
  readonly secret: string;
  readonly tokenHash: string;
}

/** What creating a watch decided. */
export type WatchCreation = 'created' | 'client_limit' | 'callback_host_limit';

/**
 * Stores watches. Adapters: KnexWatchRepository (SQLite and PostgreSQL).
 */
export interface WatchRepository {
  /** The number of the latest registry write recorded (0 when none): read before the records a new watch starts from. */
  latestChange(): Promise<number>;
  /**
   * Stores a new active watch unless its client already has `limits.perClient` active watches or
   * its callback host `limits.perCallbackHost`, decided atomically across every process sharing
   * the store; when the domain has no projection yet, stores `projection` as of write `asOfSeq`
   * (later writes are applied to it), so that events start from now.
   */
  create(
    watch: StoredWatch,
    limits: { readonly perClient: number; readonly perCallbackHost: number },
    projection: WatchProjection,
    asOfSeq: number,
  ): Promise<WatchCreation>;
  find(id: string): Promise<StoredWatch | undefined>;
  /** Deletes the watch and drops its undelivered deliveries (and the domain's projection when no watch is left); false when there was none. */
  remove(id: string): Promise<boolean>;
  /** Every domain an active watch follows. */
  watchedDomains(): Promise<DomainName[]>;
  /** The domains active watches follow that are one of `names` or under one of them. */
  watchedUnder(names: readonly string[]): Promise<DomainName[]>;
}
export const WatchRepository = Symbol('WatchRepository');
