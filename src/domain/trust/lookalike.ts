import { parse } from 'tldts';
import type { BrandCatalog } from './brand-catalog.js';
import { mixedScripts, skeleton } from './confusables.js';
import { isOneEditAway } from './edit-distance.js';
import type { BrandFinding } from './trust-inputs.js';

/** The brand a name imitates and why, or nulls. `reason` alone (no brand) flags mixed scripts. */
export interface Lookalike {
  readonly lookalikeOf: string | null;
  readonly reason: string | null;
}

export const NO_LOOKALIKE: Lookalike = { lookalikeOf: null, reason: null };

/**
 * Label lengths below which matching is too noisy: short brand labels (ebay, visa, hsbc) match
 * only through look-alike characters or mixed scripts, never by one edit; labels shorter than
 * `minLabelLength` are not compared at all.
 */
export const LOOKALIKE_LIMITS = { minLabelLength: 4, minEditLabelLength: 5 } as const;

interface Brand {
  readonly domain: string;
  readonly label: string;
  readonly skeleton: string;
}

const TLDTS_OPTIONS = { allowPrivateDomains: true } as const;

/**
 * Finds the catalog brand a domain outside the catalog imitates. Built once per catalog: brand
 * labels and their skeletons are indexed by value and by length, so one check compares against a
 * few dozen labels at most.
 */
export class LookalikeDetector {
  private readonly byLabel = new Map<string, Brand>();
  private readonly bySkeleton = new Map<string, Brand>();
  private readonly labelsByLength = new Map<number, Brand[]>();
  private readonly skeletonsByLength = new Map<number, Brand[]>();

  constructor(readonly catalog: BrandCatalog) {
    for (const domain of catalog.domains) {
      const label = parse(domain, TLDTS_OPTIONS).domainWithoutSuffix;
      if (!label || label.length < LOOKALIKE_LIMITS.minLabelLength || label.startsWith('xn--')) continue;
      const brand: Brand = { domain, label, skeleton: skeleton(label) };
      const word = catalog.wordLabels.has(label);
      // The first domain of a label is its main one (the data lists main domains first).
      if (!word && !this.byLabel.has(label)) this.byLabel.set(label, brand);
      if (!this.bySkeleton.has(brand.skeleton)) this.bySkeleton.set(brand.skeleton, brand);
      if (word || label.length < LOOKALIKE_LIMITS.minEditLabelLength) continue;
      bucket(this.labelsByLength, label.length).push(brand);
      bucket(this.skeletonsByLength, brand.skeleton.length).push(brand);
    }
  }

  /**
   * Whether `domain` (ASCII, punycode for IDNs) imitates a catalog brand. Pass `unicodeDomain`, the
   * same name with its punycode labels decoded, to have IDN labels judged by how they render;
   * without it an `xn--` label is compared as spelled. In order, a name imitates a brand when:
   * 1. its subdomain spells a catalog domain (paypal.com.example.net);
   * 2. its registrable label is a brand's label under another suffix (paypal.co, paypal.github.io),
   *    unless that label is an everyday word;
   * 3. its label looks the same as a brand's once homoglyphs, look-alike digits, rn/vv and hyphens
   *    are folded (g00gle, rnicrosoft, pay-pal, Cyrillic аpple);
   * 4. its label, spelled or folded, is one Damerau-Levenshtein edit from a brand label of at least
   *    five characters that is not an everyday word (paypall, pyapal).
   * A label mixing Latin, Cyrillic or Greek letters is always suspicious, with or without a brand.
   * Catalog domains and their subdomains are never lookalikes.
   */
  check(domain: string, unicodeDomain?: string): Lookalike {
    const ascii = normalize(domain);
    const info = parse(ascii, TLDTS_OPTIONS);
    const registrable = info.domain;
    const asciiLabel = info.domainWithoutSuffix;
    if (!registrable || !asciiLabel || !info.publicSuffix || this.catalog.has(registrable)) return NO_LOOKALIKE;

    const embedded = this.embeddedBrand(info.subdomain ?? '');
    if (embedded) return { lookalikeOf: embedded, reason: `${ascii} puts ${embedded} in front of another domain, ${registrable}.` };

    const label = unicodeLabel(ascii, unicodeDomain, info.publicSuffix) ?? asciiLabel;
    const shown = label === asciiLabel ? registrable : `${registrable} (${label}.${info.publicSuffix})`;
    const match = this.brandMatch(label);
    const scripts = mixedScripts(label);
    if (scripts) {
      const mix = scripts.join(' and ');
      return match
        ? { lookalikeOf: match.brand.domain, reason: `${shown} mixes ${mix} letters to imitate ${match.brand.domain}.` }
        : { lookalikeOf: null, reason: `${shown} mixes ${mix} letters in one label.` };
    }
    if (!match) return NO_LOOKALIKE;
    const brand = match.brand.domain;
    const reasons = {
      suffix: `${shown} uses the name of ${brand} under another suffix.`,
      homoglyph: `${shown} spells ${brand} with look-alike characters.`,
      edit: `${shown} is one typo away from ${brand}.`,
    };
    return { lookalikeOf: brand, reason: reasons[match.kind] };
  }

  private embeddedBrand(subdomain: string): string | null {
    if (subdomain === '') return null;
    const labels = subdomain.split('.');
    for (let start = 0; start < labels.length; start++) {
      for (let size = 2; size <= 3 && start + size <= labels.length; size++) {
        const candidate = labels.slice(start, start + size).join('.');
        if (this.catalog.has(candidate)) return candidate;
      }
    }
    return null;
  }

  private brandMatch(label: string): { kind: 'suffix' | 'homoglyph' | 'edit'; brand: Brand } | null {
    const same = this.byLabel.get(label);
    if (same) return { kind: 'suffix', brand: same };
    const folded = skeleton(label);
    const lookalike = this.bySkeleton.get(folded);
    if (lookalike && lookalike.label !== label && folded.length >= LOOKALIKE_LIMITS.minLabelLength) {
      return { kind: 'homoglyph', brand: lookalike };
    }
    // A label that is itself a catalog brand's name (a word brand elsewhere) is not a typo of another.
    if (lookalike?.label === label) return null;
    const near = nearest(this.labelsByLength, label, (b) => b.label) ?? nearest(this.skeletonsByLength, folded, (b) => b.skeleton);
    return near ? { kind: 'edit', brand: near } : null;
  }
}

/**
 * The brand finding of `domain` for scoring: a known brand when it or a parent is in the catalog,
 * otherwise whatever the detector finds (see LookalikeDetector.check).
 */
export function judgeBrand(domain: string, detector: LookalikeDetector, unicodeDomain?: string): BrandFinding {
  if (detector.catalog.isKnownBrand(domain)) return { knownBrand: true, lookalikeOf: null, reason: null };
  const found = detector.check(domain, unicodeDomain);
  return { knownBrand: false, lookalikeOf: found.lookalikeOf, reason: found.reason };
}

function nearest(index: ReadonlyMap<number, Brand[]>, value: string, key: (b: Brand) => string): Brand | null {
  for (const length of [value.length, value.length - 1, value.length + 1]) {
    for (const brand of index.get(length) ?? []) {
      if (isOneEditAway(value, key(brand))) return brand;
    }
  }
  return null;
}

// The registrable label of the decoded name, found by position: decoding keeps the label count.
function unicodeLabel(ascii: string, unicodeDomain: string | undefined, publicSuffix: string): string | null {
  if (unicodeDomain === undefined) return null;
  const asciiLabels = ascii.split('.');
  const unicodeLabels = normalize(unicodeDomain).split('.');
  if (asciiLabels.length !== unicodeLabels.length) return null;
  return unicodeLabels[asciiLabels.length - publicSuffix.split('.').length - 1] ?? null;
}

function bucket(index: Map<number, Brand[]>, length: number): Brand[] {
  let brands = index.get(length);
  if (!brands) index.set(length, (brands = []));
  return brands;
}

function normalize(domain: string): string {
  const lower = domain.trim().toLowerCase();
  return lower.endsWith('.') ? lower.slice(0, -1) : lower;
}
