import { getDomain } from 'tldts';
import { parseDomainName, registrableDomain } from '../domain-name.js';
import { BRAND_DOMAINS, WORD_BRAND_LABELS } from './brand-domains.js';

const TLDTS_OPTIONS = { allowPrivateDomains: true } as const;

/**
 * The registrable domains of known brands. A name is a known brand when its registrable domain
 * (private suffixes such as github.io count as suffixes) is in the catalog, so subdomains of a
 * brand are the brand and pages on a shared host are not.
 */
export class BrandCatalog {
  /** The catalog's registrable domains, in the order given, without duplicates. */
  readonly domains: readonly string[];
  /** Entries that are not domain names (or are bare public suffixes), for the caller to report. */
  readonly rejected: readonly string[];
  /** Brand labels that are everyday words (see WORD_BRAND_LABELS). */
  readonly wordLabels: ReadonlySet<string>;
  private readonly members: ReadonlySet<string>;

  /**
   * Builds a catalog from entries such as the lines of an operator's catalog file: blank lines and
   * lines starting with `#` are skipped, names are normalized (case, trailing dot, IDN to punycode)
   * and reduced to their registrable domain, so `www.example.com` adds `example.com`.
   */
  constructor(entries: readonly string[], wordLabels: readonly string[] = []) {
    const domains: string[] = [];
    const rejected: string[] = [];
    const seen = new Set<string>();
    for (const raw of entries) {
      const entry = raw.trim();
      if (entry === '' || entry.startsWith('#')) continue;
      const parsed = parseDomainName(entry);
      if (!parsed.ok) {
        rejected.push(entry);
        continue;
      }
      const domain = registrableDomain(parsed.name);
      if (seen.has(domain)) continue;
      seen.add(domain);
      domains.push(domain);
    }
    this.domains = domains;
    this.rejected = rejected;
    this.members = seen;
    this.wordLabels = new Set(wordLabels);
  }

  /** The built-in catalog plus `extra` entries (the operator's BRAND_CATALOG_FILE lines). */
  static standard(extra: readonly string[] = []): BrandCatalog {
    return new BrandCatalog([...BRAND_DOMAINS, ...extra], WORD_BRAND_LABELS);
  }

  get size(): number {
    return this.members.size;
  }

  /** True when `registrable` is itself a catalog domain (no subdomain handling). */
  has(registrable: string): boolean {
    return this.members.has(registrable);
  }

  /** The catalog domain that `domain` is or belongs to, or null. */
  brandOf(domain: string): string | null {
    const registrable = getDomain(normalize(domain), TLDTS_OPTIONS);
    return registrable !== null && this.members.has(registrable) ? registrable : null;
  }

  /** True for a catalog domain and any of its subdomains. */
  isKnownBrand(domain: string): boolean {
    return this.brandOf(domain) !== null;
  }
}

function normalize(domain: string): string {
  const lower = domain.trim().toLowerCase();
  return lower.endsWith('.') ? lower.slice(0, -1) : lower;
}
