import { registrableDomain, type DomainName } from '../../domain/domain-name.js';
import { NOT_VERIFIED_CACHE_SECONDS, VERIFIED_CACHE_SECONDS } from '../../domain/registry-verdict.js';

/**
 * The share of an answer's lifetime a shared cache may spend serving it stale while it fetches a new
 * one (stale-while-revalidate): a tenth, rounded down; s-maxage is the rest, so the two together are
 * exactly the lifetime and a shared cache never serves an answer older than clients may keep it.
 */
export const STALE_SHARE_DIVISOR = 10;

/** How caches may keep one verify-like answer (plain, with signals, signed, the badge). */
export interface AnswerCaching {
  /** max-age: how long any client may reuse the answer, the contract's duration (verdictCacheSeconds). */
  readonly maxAgeSeconds: number;
  /** s-maxage: how long a shared cache (a CDN) may serve it without asking again. */
  readonly sharedMaxAgeSeconds: number;
  /** stale-while-revalidate: how long after s-maxage a shared cache may still serve it while it asks again. */
  readonly staleWhileRevalidateSeconds: number;
  /** Surrogate-Key: the registrable domain of the name asked about; a purge names it after any write under it. */
  readonly surrogateKey: string;
}

/**
 * The caching of an answer about `domain` (a parsed name, as the outcome carries it) that may be kept
 * `cacheSeconds`; undefined when it may not be kept at all (0: an expired verification, live looks).
 */
export function answerCaching(domain: string, cacheSeconds: number): AnswerCaching | undefined {
  if (!(cacheSeconds > 0)) return undefined;
  const stale = Math.floor(cacheSeconds / STALE_SHARE_DIVISOR);
  return { maxAgeSeconds: cacheSeconds, sharedMaxAgeSeconds: cacheSeconds - stale, staleWhileRevalidateSeconds: stale, surrogateKey: surrogateKeyOf(domain) };
}

/** `public, max-age=L, s-maxage=S, stale-while-revalidate=W`: the Cache-Control of a cacheable answer (HTTP sends it, /api.md quotes it). */
export function cacheControlOf(caching: AnswerCaching): string {
  return `public, max-age=${caching.maxAgeSeconds}, s-maxage=${caching.sharedMaxAgeSeconds}, stale-while-revalidate=${caching.staleWhileRevalidateSeconds}`;
}

/** The caching of a verified answer (at most; never past the entity's expiry) and of any other, for the documents that quote them. */
export const VERIFIED_CACHING = answerCaching('example.com', VERIFIED_CACHE_SECONDS)!;
export const NOT_VERIFIED_CACHING = answerCaching('example.com', NOT_VERIFIED_CACHE_SECONDS)!;

/**
 * The surrogate key of the answers about `name` and of the writes stored under it: its registrable
 * domain (shop.example.co.uk → example.co.uk; alice.github.io stays itself). A write changes only
 * answers about names under the written one, never across a registrable domain, so purging the
 * written name's key drops every answer it may have changed.
 */
export function surrogateKeyOf(name: string): string {
  return registrableDomain(name as DomainName);
}
