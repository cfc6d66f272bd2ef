import { inject, injectable } from 'inversify';
import { coveringNames, type DomainName } from '../../domain/domain-name.js';
import { Logger } from '../ports/logger.js';
import { RegistryReader } from '../ports/registry-reader.js';
import { fnv1a30 } from './fnv1a.js';

/** Names read per query while loading. */
const PAGE = 10_000;
/**
 * Past this many names the index is not kept (about 16 bytes a name): every name is then read from
 * the store once, as without an index.
 */
const MAX_KNOWN_NAMES = 2_000_000;

/**
 * The names under which the store holds anything a verdict is judged from (an entity, a block, a
 * report, an observation or an ownership check), so that a name under which nothing is stored is
 * answered with no read at all: most names agents ask about were never registered, scanned or
 * looked at. The store's view as of the last load, plus every name the change feed or a local
 * write named since (`add`, through the read caches' `forget` and `delete`).
 *
 * Kept as 30-bit hashes: a name whose hash collides with a known one is read, which costs a read
 * and is never wrong. A name stays known until a load no longer finds it. Until the first load
 * completes, and from a `reset` (the feed may have lost notices) until the next load completes, no
 * name counts as unknown. Loaded from the primary at start, after a reset and every
 * KNOWN_NAMES_RELOAD_SECONDS (ChangePropagation), so a write made around the change feed (a
 * restore, hand-made SQL followed by `vetted facts rebuild`) shows within that time.
 *
 * Many instances: each process keeps its own index, fed by the same change feed as its caches; a
 * write is answered by an instance once its notice arrived, as cached names are.
 */
@injectable()
export class KnownNames {
  private hashes = new Set<number>();
  private ready = false;
  /** Bumped by every reset: a load that a reset overtook does not make the index ready. */
  private generation = 0;
  private loading: Promise<void> | undefined;
  /** The index a load is building, which `add` also writes to. */
  private building: Set<number> | undefined;

  constructor(
    @inject(RegistryReader) private readonly registry: RegistryReader,
    @inject(Logger) private readonly logger: Logger,
  ) {}

  /** True when the index is loaded and `name` itself is not in it: nothing is stored under that exact name. */
  isUnknown(name: string): boolean {
    return this.ready && !this.hashes.has(fnv1a30(name));
  }

  /** True when the index is loaded and neither `name` nor any parent up to its registrable domain is in it. */
  noneCovering(name: DomainName): boolean {
    if (!this.ready) return false;
    for (const covering of coveringNames(name)) if (this.hashes.has(fnv1a30(covering))) return false;
    return true;
  }

  /** Something may now be stored under each of `names`. */
  add(names: readonly string[]): void {
    for (const name of names) {
      const hash = fnv1a30(name);
      this.hashes.add(hash);
      this.building?.add(hash);
    }
  }

  /** Changes may have been missed: no name counts as unknown until the next load completes. */
  reset(): void {
    this.generation++;
    this.ready = false;
  }

  /** How many names are known (hashes, so colliding names count once). */
  get size(): number {
    return this.hashes.size;
  }

  /**
   * Reads every name from the store into a new index, which replaces the old one once complete (so
   * names no longer stored are let go); names added meanwhile go into both. The index answers from
   * then on; a reset during the load makes it load again. One load at a time: a call during one
   * waits for it.
   */
  load(): Promise<void> {
    this.loading ??= this.loadUntilSettled().finally(() => (this.loading = undefined));
    return this.loading;
  }

  private async loadUntilSettled(): Promise<void> {
    for (;;) {
      const generation = this.generation;
      const loaded = await this.readAll();
      if (!loaded) return;
      if (generation === this.generation) {
        this.hashes = loaded;
        this.ready = true;
        return;
      }
    }
  }

  /** Every stored name's hash, with those added meanwhile; undefined past MAX_KNOWN_NAMES. */
  private async readAll(): Promise<Set<number> | undefined> {
    const building = new Set<number>();
    this.building = building;
    try {
      let after: string | undefined;
      for (;;) {
        const names = await this.registry.knownNames(after, PAGE);
        for (const name of names) building.add(fnv1a30(name));
        if (building.size > MAX_KNOWN_NAMES) {
          this.logger.warn({ names: building.size, max: MAX_KNOWN_NAMES }, 'too many stored names to index; every name asked is read from the store');
          this.hashes = new Set();
          this.ready = false;
          return undefined;
        }
        if (names.length < PAGE) return building;
        after = names[names.length - 1];
      }
    } finally {
      this.building = undefined;
    }
  }
}
