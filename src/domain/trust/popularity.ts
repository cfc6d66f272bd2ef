/** A registrable domain's place in a dated popularity list: the smallest bucket (top N) that holds it. */
export interface Popularity {
  /** The list, in words: its publisher and version. */
  readonly source: string;
  /** The smallest top-N bucket holding the name (200, 1000, …): Cloudflare Radar publishes buckets, not ranks. */
  readonly bucket: number;
  /** The day the list describes (YYYY-MM-DD). */
  readonly asOf: string;
}

/**
 * What the list says of a name once its stored registration date is read: popular, so no
 * lookalike; or listed but registered after the list's date, so judged as any new name.
 */
export type PopularStanding =
  | { readonly kind: 'popular'; readonly popularity: Popularity }
  | { readonly kind: 're_registered'; readonly popularity: Popularity; readonly registeredAt: string };

/** Past this many months a list no longer describes today's web: readiness reports it stale. */
const POPULARITY_STALE_MONTHS = 6;

/**
 * The standing of a listed name (`popularity`, undefined when not listed) given its stored
 * registration date (null when none was stored or the look failed): a date later than the list's day means the name was dropped and caught by
 * someone else, so the popularity it had is not its new holder's.
 */
export function popularStanding(popularity: Popularity | undefined, registeredAt: string | null): PopularStanding | undefined {
  if (popularity === undefined) return undefined;
  if (registeredAt === null) return { kind: 'popular', popularity };
  const registered = Date.parse(registeredAt);
  // Only a day after the list's counts as later: a name registered on that day may be what it ranked.
  const nextDay = Date.parse(`${popularity.asOf}T00:00:00Z`) + 86_400_000;
  return Number.isNaN(registered) || registered < nextDay ? { kind: 'popular', popularity } : { kind: 're_registered', popularity, registeredAt };
}

/**
 * Whether a lookalike of `target` may be declared for a name of popularity `name`: only against a
 * target more popular than the name. A name outside the list is less popular than any catalog
 * brand (the catalog holds the brands phishing targets, listed or not); a name in the list is
 * popular in its own right and outranked by no brand, as Chromium treats its top-domain list.
 */
export function outranks(name: PopularStanding | undefined): boolean {
  return name === undefined || name.kind === 're_registered';
}

/** True once the list is older than POPULARITY_STALE_MONTHS at `now`. */
export function isPopularityStale(asOf: string, now: Date): boolean {
  const day = new Date(`${asOf}T00:00:00Z`);
  if (Number.isNaN(day.getTime())) return true;
  day.setUTCMonth(day.getUTCMonth() + POPULARITY_STALE_MONTHS);
  return now.getTime() > day.getTime();
}

/**
 * A popularity list held compactly: registrable domains sorted, each with its bucket, found by
 * binary search (100,000 names cost a few MB, not a Map's tens). Built once at start.
 */
export class PopularityList {
  private constructor(
    readonly source: string,
    readonly asOf: string,
    private readonly names: readonly string[],
    private readonly buckets: Uint32Array,
  ) {}

  /** A list from `entries` (registrable domain and bucket, any order; a repeated name keeps its smallest bucket). */
  static of(source: string, asOf: string, entries: Iterable<readonly [string, number]>): PopularityList {
    const best = new Map<string, number>();
    for (const [name, bucket] of entries) {
      const seen = best.get(name);
      if (seen === undefined || bucket < seen) best.set(name, bucket);
    }
    const names = [...best.keys()].sort();
    return new PopularityList(
      source,
      asOf,
      names,
      Uint32Array.from(names, (n) => best.get(n)!),
    );
  }

  get size(): number {
    return this.names.length;
  }

  /** The place of `domain` (a registrable domain, lower case), or undefined when it is not listed. */
  rank(domain: string): Popularity | undefined {
    let lo = 0;
    let hi = this.names.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const name = this.names[mid]!;
      if (name === domain) return { source: this.source, bucket: this.buckets[mid]!, asOf: this.asOf };
      if (name < domain) lo = mid + 1;
      else hi = mid - 1;
    }
    return undefined;
  }
}
