// Suffixes whose registry admits only its own kind (governments, armed forces, treaty bodies,
// accredited schools and universities): a name under one of them cannot be bought by an impostor,
// so it is never a lookalike (tamu.edu is not temu.com, meti.go.jp is not meta.com, evisa.gov.ge is
// not visa.com). The list is data, data/restricted-suffixes.json, generated from the Public Suffix
// List's ICANN section and the decisions in scripts/restricted-suffix-policies.json: each entry names
// its registry, the policy that restricts it and its source; a suffix whose policy lets anyone
// register (edu.es, com.tr, go.it) does not belong here.
import data from './data/restricted-suffixes.json' with { type: 'json' };

/** Where an entry comes from: its rule in the Public Suffix List, and the registry's rules page the PSL names. */
export interface RestrictedSuffixSource {
  readonly psl: string | null;
  readonly reference: string | null;
}

/** One restricted suffix, with the registry that keeps it, what its policy admits, and its source. */
export interface RestrictedSuffix {
  readonly suffix: string;
  readonly registry: string;
  readonly policy: string;
  readonly source: RestrictedSuffixSource;
}

/** A second level with a government or academic label that is not restricted, and why. */
export interface ExcludedSuffix {
  readonly suffix: string;
  readonly why: string;
  readonly source: RestrictedSuffixSource;
}

/** The restricted suffixes, by top-level domain. */
export const RESTRICTED_SUFFIXES: readonly RestrictedSuffix[] = data.entries;

/** Second levels with such a label left out, because they are open or not known to be restricted. */
export const EXCLUDED_SUFFIXES: readonly ExcludedSuffix[] = data.excluded;

/** The list the entries were derived from (the PSL as bundled in tldts) and when they were generated. */
export const RESTRICTED_SUFFIX_SOURCE = { psl: data.psl, generated: data.generated, countries: data.countries } as const;

const BY_SUFFIX = new Map(RESTRICTED_SUFFIXES.map((s) => [s.suffix, s]));

/**
 * The restricted suffix a public suffix (as the public suffix list gives it: `go.jp`, `edu`) is or
 * falls under, or undefined. A name under it cannot be registered by just anyone.
 */
export function restrictedSuffixOf(publicSuffix: string): RestrictedSuffix | undefined {
  const labels = publicSuffix.toLowerCase().split('.');
  for (let i = 0; i < labels.length; i++) {
    const found = BY_SUFFIX.get(labels.slice(i).join('.'));
    if (found) return found;
  }
  return undefined;
}
