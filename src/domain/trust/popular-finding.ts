import { outranks, type PopularStanding } from './popularity.js';
import type { BrandFinding } from './trust-inputs.js';

/**
 * The brand finding of a name given its standing in the popularity list (see popularStanding): a
 * listed name is no lookalike of another brand, being popular in its own right (see outranks), and
 * its finding says where it is listed; a listed name registered after the list's date keeps what
 * the detector found, and says why it was not spared. A name not listed is left as found.
 */
export function withPopularity(finding: BrandFinding, standing: PopularStanding | undefined): BrandFinding {
  if (standing === undefined) return finding;
  if (finding.knownBrand || outranks(standing)) return { ...finding, popular: standing };
  return { knownBrand: false, lookalikeOf: null, reason: null, popular: standing };
}
