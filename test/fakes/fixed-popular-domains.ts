import type { PopularDomains } from '../../src/application/ports/popular-domains.js';
import { PopularityList } from '../../src/domain/trust/popularity.js';

/** A popularity list of the given names and buckets, dated `asOf`. */
export function fixedPopularDomains(entries: Record<string, number>, asOf = '2026-08-10', source = 'Test list'): PopularDomains {
  return PopularityList.of(source, asOf, Object.entries(entries));
}
