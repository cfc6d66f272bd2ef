import type { Popularity } from '../../domain/trust/popularity.js';

/**
 * A dated popularity list of registrable domains: evidence against impersonation. Adapter:
 * PopularityList read from POPULAR_DOMAINS_FILE by readPopularDomainsFile. Fake: fixedPopularDomains.
 */
export interface PopularDomains {
  /** The list in words: its publisher and version. */
  readonly source: string;
  /** The day the list describes (YYYY-MM-DD). */
  readonly asOf: string;
  /** Where the list places `domain` (a registrable domain, lower case), or undefined when it is not listed. */
  rank(domain: string): Popularity | undefined;
}
export const PopularDomains = Symbol('PopularDomains');

/** No list: every name is judged as if none were popular. */
export const NO_POPULAR_DOMAINS: PopularDomains = { source: 'none', asOf: '1970-01-01', rank: () => undefined };
