import { parse } from 'tldts';
import type { BrandCatalog } from './brand-catalog.js';
import { BrandIndex, LOOKALIKE_LIMITS, type IndexedBrand } from './brand-index.js';
import { findCombination, onlyWordsAdded } from './combosquat.js';
import { hasNonAscii, looseSkeleton, mixedScripts, skeleton } from './confusables.js';
import { restrictedSuffixOf } from './restricted-suffixes.js';

export { withPopularity } from './popular-finding.js';
import type { BrandFinding, LookalikeRule } from './trust-inputs.js';

export { LOOKALIKE_LIMITS } from './brand-index.js';

/** The catalog domain a name imitates, the brand that owns it, and why; or nulls. `reason` alone (no brand) flags mixed scripts. */
export interface Lookalike {
  readonly lookalikeOf: string | null;
  readonly lookalikeBrand?: string | null;
  readonly reason: string | null;
  readonly rule?: LookalikeRule | null;
}

export const NO_LOOKALIKE: Lookalike = { lookalikeOf: null, reason: null };

/** Brand labels this short have one-edit neighbours that are other organisations' names (see localName). */
const SHORT_EDIT_LABEL = 6;
/** Country suffixes sold to anyone, anywhere, as open ones are: a typo there is a typo. */
const OPEN_COUNTRY_SUFFIXES: ReadonlySet<string> = new Set(['co', 'io', 'me', 'ai', 'tv', 'cc', 'ws', 'to', 'gg', 'ly', 'sh', 'la', 'pw', 'su']);

const KNOWN_BRAND: BrandFinding = { knownBrand: true, lookalikeOf: null, reason: null };
const UNKNOWN: BrandFinding = { knownBrand: false, lookalikeOf: null, reason: null };

// `added`: the brand's exact name with a number or words that address no customer; told as `contained`.
type MatchKind = 'suffix' | 'homoglyph' | 'one_edit' | 'combination' | 'contained' | 'added';
interface Match {
  readonly kind: MatchKind;
  readonly brand: IndexedBrand;
}

const TLDTS_OPTIONS = { allowPrivateDomains: true } as const;
// One index per catalog, however many detectors (one a container) share it.
const INDEXES = new WeakMap<BrandCatalog, BrandIndex>();
const HAS_LETTER = /\p{L}/u;

/**
 * Finds the catalog brand a domain outside the catalog imitates. Built once per catalog (see
 * BrandIndex): one check costs a few dozen hash look-ups whatever the catalog's size.
 */
export class LookalikeDetector {
  private readonly index: BrandIndex;

  constructor(readonly catalog: BrandCatalog) {
    this.index = INDEXES.get(catalog) ?? new BrandIndex(catalog);
    INDEXES.set(catalog, this.index);
  }

  /**
   * Whether `domain` (ASCII, punycode for IDNs) imitates a catalog brand. Pass `unicodeDomain`, the
   * same name with its punycode labels decoded, to have IDN labels judged by how they render;
   * without it an `xn--` label is compared as spelled. Domains a brand owns, and namesakes on the
   * catalog's allow-list, are never lookalikes. Otherwise, in order, a name imitates a brand when:
   * 1. its subdomain spells a catalog domain (paypal.com.example.net);
   * 2. its registrable label is a brand's label (of 4 characters or more) under a suffix the brand
   *    does not own (paypal.co, google.ru.com, target.net);
   * 3. its label looks the same once homoglyphs, look-alike digits, rn/vv/cl and hyphens are folded
   *    (g00gle, rnicrosoft, pay-pal, Cyrillic аpple), or, against brands of 3 characters or more,
   *    once looser pairs are too (i/l, q/g, u/v, c/e: 1bm, gooqle);
   * 4. its label, spelled or folded, is one Damerau-Levenshtein edit from a brand label, both of at
   *    least 4 characters (paypall, pyapal, appel, ebey), a substituted character being a plausible
   *    slip below 7 characters (so loom is not zoom); not when the label is an everyday word on
   *    the allow-list (apply, trust) or the label of another catalog domain;
   * 5. it combines a brand with lure words (paypal-login, secure-chase, hp-support, applelogin), or
   *    holds a distinctive brand label of 6 characters or more anywhere (mypaypal-center).
   * A label mixing Latin, Cyrillic, Greek or Armenian letters is always suspicious, with or without a
   * brand.
   */
  check(domain: string, unicodeDomain?: string): Lookalike {
    const finding = this.judge(domain, unicodeDomain);
    return finding.knownBrand ? NO_LOOKALIKE : { lookalikeOf: finding.lookalikeOf, reason: finding.reason };
  }

  /**
   * The brand finding of `domain` for scoring (see judgeBrand), from one parse of the name: a known
   * brand when its registrable domain is owned by a catalog brand, otherwise what check finds.
   */
  judge(domain: string, unicodeDomain?: string): BrandFinding {
    const ascii = normalize(domain);
    const info = parse(ascii, TLDTS_OPTIONS);
    const registrable = info.domain;
    const asciiLabel = info.domainWithoutSuffix;
    if (registrable && this.catalog.has(registrable)) return KNOWN_BRAND;
    if (!registrable || !asciiLabel || !info.publicSuffix || this.catalog.allows(registrable)) return UNKNOWN;
    // A registry that admits only its own kind (.edu, .gov, go.jp) holds no impostor.
    if (restrictedSuffixOf(info.publicSuffix)) return UNKNOWN;
    const imitation = this.imitation(ascii, registrable, asciiLabel, info.publicSuffix, info.subdomain ?? '', unicodeDomain, info.isPrivate === true);
    // Most names imitate nothing: one shared finding, so that caching findings costs no object each.
    return imitation === NO_LOOKALIKE ? UNKNOWN : { knownBrand: false, ...imitation };
  }

  private imitation(
    ascii: string,
    registrable: string,
    asciiLabel: string,
    suffix: string,
    subdomain: string,
    unicodeDomain: string | undefined,
    hosted: boolean,
  ): Lookalike {
    const embedded = this.embeddedBrand(subdomain);
    if (embedded)
      return found(
        embedded,
        this.catalog.mainDomainOf(embedded) ?? embedded,
        'subdomain',
        `${ascii} puts ${embedded} in front of another domain, ${registrable}.`,
      );
    const dotted = this.dottedBrand(subdomain, asciiLabel);
    if (dotted) return found(dotted.domain, dotted.owner, 'dotted', `${ascii} splits the name of ${dotted.domain} with a dot.`);

    const label = (unicodeDomain !== undefined && asciiLabel.startsWith('xn--') ? unicodeLabel(ascii, unicodeDomain, suffix) : null) ?? asciiLabel;
    const shown = label === asciiLabel ? registrable : `${registrable} (${label}.${suffix})`;
    const match = this.brandMatch(label, hosted);
    const scripts = label === asciiLabel ? null : mixedScripts(label);
    if (scripts) {
      const mix = scripts.join(' and ');
      return match
        ? found(match.brand.domain, match.brand.owner, 'homoglyph', `${shown} mixes ${mix} letters to imitate ${match.brand.domain}.`)
        : { lookalikeOf: null, lookalikeBrand: null, rule: 'mixed_scripts', reason: `${shown} mixes ${mix} letters in one label.` };
    }
    if (!match) return NO_LOOKALIKE;
    if (match.kind === 'one_edit' && this.localName(match.brand, suffix)) return NO_LOOKALIKE;
    // The brand's own domain under this name's suffix, when it has one (bbc-news.com imitates bbc.com, not bbc.co.uk).
    const sameSuffix = `${match.brand.label}.${suffix}`;
    const brand = match.kind !== 'suffix' && this.catalog.mainDomainOf(sameSuffix) === match.brand.owner ? sameSuffix : match.brand.domain;
    const owned = match.brand.owner === brand ? '' : ` (a domain of ${match.brand.owner})`;
    const reasons: Record<MatchKind, string> = {
      suffix: `${shown} uses the name of ${brand}${owned} under a suffix that brand does not own.`,
      homoglyph: `${shown} spells ${brand}${owned} with look-alike characters.`,
      one_edit: `${shown} is one typo away from ${brand}${owned}.`,
      combination: `${shown} combines the name of ${brand}${owned} with other words.`,
      contained: `${shown} holds the name of ${brand}${owned} inside a longer name.`,
      added: `${shown} adds a number or words to the name of ${brand}${owned}.`,
    };
    return found(brand, match.brand.owner, match.kind === 'added' ? 'contained' : match.kind, reasons[match.kind]);
  }

  /**
   * Whether a name one edit from `brand` is more likely a local organisation's own name than a typo:
   * the brand's label is short (of SHORT_EDIT_LABEL characters or fewer, where one edit lands on
   * other words: ceti, liuc, upit) and the name sits under a country's suffix the brand uses for none
   * of its domains (ceti.mx beside citi.com, unite.it beside united.com). Typosquatters register
   * under the brand's own suffix or an open one (.com, .xyz, .io), which stay judged.
   */
  private localName(brand: IndexedBrand, suffix: string): boolean {
    if (brand.label.length > SHORT_EDIT_LABEL) return false;
    const top = suffix.slice(suffix.lastIndexOf('.') + 1);
    if (top.length !== 2 || OPEN_COUNTRY_SUFFIXES.has(top)) return false;
    const owned = this.catalog.brands.find((b) => b.main === brand.owner)?.domains ?? [brand.domain];
    return !owned.some((domain) => domain.endsWith(`.${suffix}`));
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

  /** The brand whose name, split by a dot, the last subdomain label and the registrable label spell (pay.pal.com). */
  private dottedBrand(subdomain: string, label: string): IndexedBrand | null {
    if (subdomain === '') return null;
    const joined = `${subdomain.slice(subdomain.lastIndexOf('.') + 1)}${label}`;
    const brand = this.index.byLabel.get(joined) ?? this.index.bySkeleton.get(skeleton(joined));
    return brand && brand.label.length >= LOOKALIKE_LIMITS.minLabelLength ? brand : null;
  }

  private brandMatch(label: string, hosted: boolean): Match | null {
    const index = this.index;
    const same = index.byLabel.get(label);
    if (same) return label.length >= LOOKALIKE_LIMITS.minSuffixLabelLength ? { kind: 'suffix', brand: same } : null;
    const folded = skeleton(label);
    if (this.isEveryday(label, folded) || index.ownLabels.has(label)) return null;
    // The whole domain written as one label (chromecom.com, windows-net.com).
    const joined = index.bySuffixedLabel.get(label);
    if (joined) return { kind: 'combination', brand: joined };
    const ascii = !hasNonAscii(label);
    const loose = looseSkeleton(label);
    if (HAS_LETTER.test(label)) {
      const look = index.bySkeleton.get(folded) ?? index.byLoose.get(loose);
      if (look && (look.label.length >= 2 || !ascii)) return { kind: 'homoglyph', brand: look };
    }
    if (label.length >= LOOKALIKE_LIMITS.minEditLabelLength) {
      const near =
        (ascii ? index.oneEditFrom(label, 'label') : null) ??
        (folded !== label && folded.length >= LOOKALIKE_LIMITS.minEditLabelLength ? index.oneEditFrom(folded, 'skeleton') : null) ??
        index.oneEditFrom(loose, 'loose');
      if (near) {
        // A brand's name present in the name wins over a typo of another (bbc-news is bbc's, not nbcnews's).
        const named = label.includes('-')
          ? label
              .split('-')
              .map((token) => index.byLabel.get(token))
              .find((b) => b !== undefined)
          : undefined;
        if (named) return { kind: onlyWordsAdded(label, named.label) ? 'added' : 'combination', brand: named };
        // A digit after the brand's whole name is a number added (list-manage1), not a slip of the keyboard.
        const numbered = label.startsWith(near.label) && /^[0-9]+$/.test(label.slice(near.label.length));
        return { kind: numbered ? 'added' : 'one_edit', brand: near };
      }
    }
    const combo = findCombination(label, folded, index, this.isEveryday, hosted);
    if (combo) return { kind: onlyWordsAdded(label, combo.label) ? 'added' : 'combination', brand: combo };
    const inside = index.containedIn(folded, label);
    return inside ? { kind: 'contained', brand: inside } : null;
  }

  private readonly isEveryday = (label: string, folded: string): boolean => this.catalog.allowedWords.has(label) || this.catalog.allowedWords.has(folded);
}

/**
 * The brand finding of `domain` for scoring: a known brand when it or a parent is owned by a catalog
 * brand, otherwise whatever the detector finds (see LookalikeDetector.check).
 */
export function judgeBrand(domain: string, detector: LookalikeDetector, unicodeDomain?: string): BrandFinding {
  return detector.judge(domain, unicodeDomain);
}

// The registrable label of the decoded name, found by position: decoding keeps the label count.
function unicodeLabel(ascii: string, unicodeDomain: string | undefined, publicSuffix: string): string | null {
  if (unicodeDomain === undefined) return null;
  const asciiLabels = ascii.split('.');
  const unicodeLabels = normalize(unicodeDomain).split('.');
  if (asciiLabels.length !== unicodeLabels.length) return null;
  return unicodeLabels[asciiLabels.length - publicSuffix.split('.').length - 1] ?? null;
}

function found(lookalikeOf: string, lookalikeBrand: string, rule: LookalikeRule, reason: string): Lookalike {
  return { lookalikeOf, lookalikeBrand, rule, reason };
}

function normalize(domain: string): string {
  const lower = domain.trim().toLowerCase();
  return lower.endsWith('.') ? lower.slice(0, -1) : lower;
}
