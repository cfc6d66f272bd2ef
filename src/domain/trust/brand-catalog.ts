import { getDomain, parse } from 'tldts';
import { parseDomainName, registrableDomain } from '../domain-name.js';
import { BRAND_DOMAINS, GENERIC_BRAND_LABELS, WORD_BRAND_LABELS } from './brand-domains.js';

const TLDTS_OPTIONS = { allowPrivateDomains: true } as const;
const MAX_STANDARD_CATALOGS = 8;
const STANDARD_CATALOGS = new Map<string, BrandCatalog>();
const BRAND_LINE = /^([^\s:]+):(?:\s+(.*))?$/;
const ALLOW_LINE = /^allow:\s+(.*)$/i;
const WORD = /^[a-z0-9-]+$/;

/** A brand: its main domain and every registrable domain it owns, the main one first. */
export interface CatalogBrand {
  readonly main: string;
  readonly domains: readonly string[];
}

/** One parsed catalog line (see parseCatalogEntry). */
export type CatalogEntry =
  | { readonly kind: 'skip' }
  | { readonly kind: 'brand'; readonly main: string; readonly owned: readonly string[]; readonly invalid: readonly string[] }
  | { readonly kind: 'allow'; readonly words: readonly string[]; readonly domains: readonly string[]; readonly invalid: readonly string[] }
  | { readonly kind: 'invalid'; readonly reason: string };

/**
 * Parses one line of a brand catalog (the built-in one or BRAND_CATALOG_FILE). Three forms, `#`
 * starting a comment:
 * - `brand.com` — a brand by its main domain;
 * - `brand.com: brand.de brand.co.uk brand-cdn.net` — a brand and the other domains it owns, all
 *   known brand, never lookalikes;
 * - `allow: ample appel.com` — everyday words (no dot) that are never taken for a typo of a brand,
 *   and domains (with a dot) of other organisations that share or resemble a brand's name.
 * Names are normalized (case, trailing dot, IDN to punycode) and reduced to their registrable
 * domain. `invalid` lists the tokens of an otherwise usable line that are not domain names; a line
 * whose first name is not one is `invalid` as a whole.
 */
export function parseCatalogEntry(raw: string): CatalogEntry {
  const entry = raw.replace(/(^|\s)#.*$/, '').trim();
  if (entry === '') return { kind: 'skip' };
  const allow = ALLOW_LINE.exec(entry);
  if (allow) {
    const words: string[] = [];
    const domains: string[] = [];
    const invalid: string[] = [];
    for (const token of tokens(allow[1]!)) {
      const word = token.toLowerCase();
      if (!word.includes('.') && WORD.test(word)) words.push(word);
      else pushDomain(token, domains, invalid);
    }
    return { kind: 'allow', words, domains, invalid };
  }
  const brand = BRAND_LINE.exec(entry);
  const mainToken = brand ? brand[1]! : entry;
  const main = parseDomainName(mainToken);
  if (!main.ok) return { kind: 'invalid', reason: `${mainToken}: ${main.reason}` };
  const owned: string[] = [];
  const invalid: string[] = [];
  for (const token of tokens(brand?.[2] ?? '')) pushDomain(token, owned, invalid);
  return { kind: 'brand', main: registrableDomain(main.name), owned, invalid };
}

/**
 * The brands a service knows, as organisations: each brand's main domain and the domains it owns.
 * A name is a known brand when its registrable domain (private suffixes such as github.io count as
 * suffixes) is owned by a catalog brand, so subdomains of a brand are the brand and pages on a
 * shared host are not. Also holds the allow-list of everyday words and namesake domains.
 */
export class BrandCatalog {
  /** Every owned registrable domain, brand by brand (main domain first), without duplicates. */
  readonly domains: readonly string[];
  readonly brands: readonly CatalogBrand[];
  /** Entries or names that are not domain names (or are bare public suffixes), for the caller to report. */
  readonly rejected: readonly string[];
  /** Brand labels that are everyday words (see WORD_BRAND_LABELS). */
  readonly wordLabels: ReadonlySet<string>;
  /** Word labels so generic that only account-takeover words make a combination suspicious. */
  readonly genericLabels: ReadonlySet<string>;
  /** Everyday words never taken for a typo of a brand (`allow:` lines). */
  readonly allowedWords: ReadonlySet<string>;
  /** Registrable domains of other organisations that are never lookalikes (`allow:` lines). */
  readonly allowedDomains: ReadonlySet<string>;
  /** The labels of the allowed domains that no brand's domain carries: such a namesake is allowed under every suffix it uses (asus.com.cn as well as asus.com). */
  private readonly allowedLabels: ReadonlySet<string>;
  private readonly owner = new Map<string, CatalogBrand>();

  /**
   * Builds a catalog from lines such as those of an operator's catalog file (see
   * parseCatalogEntry). A brand listed twice keeps one entry with the domains of both lines; a
   * domain already owned by an earlier brand stays with it.
   */
  constructor(entries: readonly string[], wordLabels: readonly string[] = [], genericLabels: readonly string[] = GENERIC_BRAND_LABELS) {
    const rejected: string[] = [];
    const words = new Set<string>();
    const allowedDomains = new Set<string>();
    const brands = new Map<string, string[]>();
    for (const raw of entries) {
      const entry = parseCatalogEntry(raw);
      if (entry.kind === 'skip') continue;
      if (entry.kind === 'invalid') {
        rejected.push(raw.trim());
        continue;
      }
      rejected.push(...entry.invalid);
      if (entry.kind === 'allow') {
        for (const word of entry.words) words.add(word);
        for (const domain of entry.domains) allowedDomains.add(domain);
        continue;
      }
      const mainOwner = this.owner.get(entry.main);
      const main = mainOwner?.main ?? entry.main;
      const list = brands.get(main) ?? [];
      if (!brands.has(main)) brands.set(main, list);
      for (const domain of [entry.main, ...entry.owned]) {
        if (this.owner.has(domain)) continue;
        list.push(domain);
        this.owner.set(domain, { main, domains: list });
      }
    }
    this.brands = [...brands].map(([main, domains]) => ({ main, domains }));
    for (const brand of this.brands) for (const domain of brand.domains) this.owner.set(domain, brand);
    this.domains = this.brands.flatMap((b) => b.domains);
    this.rejected = rejected;
    this.wordLabels = new Set(wordLabels);
    this.genericLabels = new Set(genericLabels);
    this.allowedWords = words;
    this.allowedDomains = allowedDomains;
    // A namesake spelled exactly like a brand (kraken.io, nationwide.com) stays allowed by its domain
    // only: allowing its label everywhere would give every suffix swap of that brand away.
    const brandLabels = new Set(this.domains.map((d) => parse(d, TLDTS_OPTIONS).domainWithoutSuffix));
    this.allowedLabels = new Set([...allowedDomains].map((d) => parse(d, TLDTS_OPTIONS).domainWithoutSuffix ?? d).filter((label) => !brandLabels.has(label)));
  }

  /** True when `registrable` belongs to an organisation on the allow-list: its domain, or (unless a brand is spelled the same) its label under any suffix. */
  allows(registrable: string): boolean {
    if (this.allowedDomains.has(registrable)) return true;
    const label = parse(registrable, TLDTS_OPTIONS).domainWithoutSuffix;
    return label !== null && label !== '' && this.allowedLabels.has(label);
  }

  /**
   * The built-in catalog plus `extra` entries (the operator's BRAND_CATALOG_FILE lines). Built once
   * per distinct `extra` in a process: a catalog is immutable, and every container asks for it.
   */
  static standard(extra: readonly string[] = []): BrandCatalog {
    const key = extra.join('\n');
    let catalog = STANDARD_CATALOGS.get(key);
    if (catalog === undefined) {
      catalog = new BrandCatalog([...BRAND_DOMAINS, ...extra], WORD_BRAND_LABELS, GENERIC_BRAND_LABELS);
      if (STANDARD_CATALOGS.size >= MAX_STANDARD_CATALOGS) STANDARD_CATALOGS.delete(STANDARD_CATALOGS.keys().next().value!);
      STANDARD_CATALOGS.set(key, catalog);
    }
    return catalog;
  }

  get size(): number {
    return this.owner.size;
  }

  /** True when `registrable` is itself a catalog domain (no subdomain handling). */
  has(registrable: string): boolean {
    return this.owner.has(registrable);
  }

  /** The main domain of the brand that owns `registrable`, or null. */
  mainDomainOf(registrable: string): string | null {
    return this.owner.get(registrable)?.main ?? null;
  }

  /** The catalog domain that `domain` is or belongs to, or null. */
  brandOf(domain: string): string | null {
    const registrable = getDomain(normalize(domain), TLDTS_OPTIONS);
    return registrable !== null && this.owner.has(registrable) ? registrable : null;
  }

  /** True for a catalog domain and any of its subdomains. */
  isKnownBrand(domain: string): boolean {
    return this.brandOf(domain) !== null;
  }
}

function tokens(text: string): string[] {
  return text.split(/[\s,]+/).filter((t) => t !== '');
}

function pushDomain(token: string, into: string[], invalid: string[]): void {
  const parsed = parseDomainName(token);
  if (parsed.ok) into.push(registrableDomain(parsed.name));
  else invalid.push(token);
}

function normalize(domain: string): string {
  const lower = domain.trim().toLowerCase();
  return lower.endsWith('.') ? lower.slice(0, -1) : lower;
}
