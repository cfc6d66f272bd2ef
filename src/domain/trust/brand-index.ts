import { parse } from 'tldts';
import type { BrandCatalog } from './brand-catalog.js';
import { looseSkeleton, skeleton } from './confusables.js';
import { isPlausibleSubstitution, oneEdit } from './edit-distance.js';

/** How a brand label is matched inside longer names (see WORD_BRAND_LABELS, GENERIC_BRAND_LABELS). */
type BrandKind = 'distinctive' | 'word' | 'generic';

/** A label a lookalike can imitate, with the catalog domain it stands for. */
export interface IndexedBrand {
  /** The catalog domain imitated: a brand's main domain, or another domain it owns (twitter.com). */
  readonly domain: string;
  /** The main domain of the brand that owns `domain` (x.com for twitter.com; itself for a main domain). */
  readonly owner: string;
  readonly label: string;
  readonly skeleton: string;
  readonly loose: string;
  readonly kind: BrandKind;
}

/** Where a brand's key (label or skeleton) occurs inside a text: `text.slice(start, end)`. */
export interface Occurrence {
  readonly start: number;
  readonly end: number;
  readonly brand: IndexedBrand;
}

/**
 * Length limits. Labels shorter than `minLabelLength` are acronyms that other organisations share
 * (aa, db, ing): they match only by look-alike characters, hyphens, lure-word combinations, and
 * from `minSuffixLabelLength` on (ibm, aol; not aa or hp) by a suffix their brand does not own.
 * Below `minAnySubstitutionLength` a substituted character must be a plausible slip (see
 * isPlausibleSubstitution). Brands of `minComboLength` or more are found between lure words without
 * hyphens; distinctive labels of `minSubstringLength` or more anywhere inside a longer label.
 */
export const LOOKALIKE_LIMITS = {
  minLabelLength: 4,
  minSuffixLabelLength: 3,
  minEditLabelLength: 4,
  minAnySubstitutionLength: 7,
  minLooseLength: 3,
  minComboLength: 4,
  minSubstringLength: 6,
  minOwnedLabelLength: 5,
} as const;

const TLDTS_OPTIONS = { allowPrivateDomains: true } as const;
const GRAM = 4;

// Keys of at least GRAM characters, found inside a text through their first GRAM characters: per
// position of the text, one look-up of the gram, then one per distinct key length under it (at most
// the longest label), whatever the number of keys.
class KeyIndex {
  private readonly keys = new Map<string, IndexedBrand>();
  private readonly lengthsByGram = new Map<string, number[]>();

  add(key: string, brand: IndexedBrand): void {
    if (this.keys.has(key)) return;
    this.keys.set(key, brand);
    const gram = key.slice(0, GRAM);
    const lengths = this.lengthsByGram.get(gram);
    if (!lengths) this.lengthsByGram.set(gram, [key.length]);
    else if (!lengths.includes(key.length)) lengths.push(key.length);
  }

  find(text: string, accept: (occurrence: Occurrence) => boolean): IndexedBrand | null {
    for (let start = 0; start + GRAM <= text.length; start++) {
      const lengths = this.lengthsByGram.get(text.slice(start, start + GRAM));
      if (!lengths) continue;
      for (const length of lengths) {
        const brand = start + length <= text.length ? this.keys.get(text.slice(start, start + length)) : undefined;
        if (brand && accept({ start, end: start + length, brand })) return brand;
      }
    }
    return null;
  }
}

/**
 * The catalog's labels indexed once, so that matching one name costs the same whatever the catalog's
 * size: hash maps by label, skeleton and loose skeleton, a deletion neighbourhood (every key with
 * one character removed) for one-edit matches, and four-character prefixes for finding brands inside
 * longer labels. Lookalikes imitate each brand's main domain and every other domain it owns under a
 * label of its own of `minOwnedLabelLength` or more (twitter.com, youtu.be, gstatic.com; not g.co,
 * fb.me or lnkd.in, which only known-brand lookups protect), each indexed with the brand that owns
 * it, and found inside a longer label only between lure words or hyphens, never anywhere.
 */
export class BrandIndex {
  readonly byLabel = new Map<string, IndexedBrand>();
  readonly bySkeleton = new Map<string, IndexedBrand>();
  readonly byLoose = new Map<string, IndexedBrand>();
  /** Every catalog label, targets or not, so that one brand's own name is never another's typo. */
  readonly ownLabels = new Set<string>();
  /** Each imitated domain written as one label, its suffix joined on (paypalcom, windows-net, clearpayco). */
  readonly bySuffixedLabel = new Map<string, IndexedBrand>();
  private readonly deletions = new Neighbourhood();
  private readonly looseDeletions = new Neighbourhood();
  private readonly labelKeys = new KeyIndex();
  private readonly skeletonKeys = new KeyIndex();
  private readonly distinctiveKeys = new KeyIndex();

  constructor(catalog: BrandCatalog) {
    const owned: Array<{ domain: string; owner: string; label: string }> = [];
    for (const brand of catalog.brands) {
      for (const domain of brand.domains) {
        const label = parse(domain, TLDTS_OPTIONS).domainWithoutSuffix;
        if (!label) continue;
        this.ownLabels.add(label);
        if (domain !== brand.main) owned.push({ domain, owner: brand.main, label });
      }
      const label = parse(brand.main, TLDTS_OPTIONS).domainWithoutSuffix;
      if (!label || label.startsWith('xn--') || this.byLabel.has(label)) continue;
      this.add(indexed(brand.main, brand.main, label, catalog));
    }
    // Then every other domain a brand owns under a name of its own (twitter.com, youtu.be,
    // gstatic.com): imitated as the main domains are, after them, so a main domain keeps its label.
    for (const { domain, owner, label } of owned) {
      if (label.startsWith('xn--') || this.byLabel.has(label) || label.length < LOOKALIKE_LIMITS.minOwnedLabelLength) continue;
      this.add(indexed(domain, owner, label, catalog));
    }
  }

  /**
   * Brands one Damerau-Levenshtein edit from `key`, compared with the same `form` of each brand: a
   * label with brand labels, a skeleton with brand skeletons, a loose skeleton with the loose
   * skeletons of labels of `minAnySubstitutionLength` or more only (folding loosely and editing a
   * short label reaches unrelated names: bunq is not bing). A substitution in a label shorter than
   * `minAnySubstitutionLength` counts only when it is a plausible slip. Returns the first such brand
   * that `accept` takes, or null.
   */
  oneEditFrom(key: string, form: 'label' | 'skeleton' | 'loose', accept: (brand: IndexedBrand) => boolean = () => true): IndexedBrand | null {
    const index = form === 'loose' ? this.looseDeletions : this.deletions;
    if (key.length < LOOKALIKE_LIMITS.minEditLabelLength - 1 || !index.mayHoldNeighbourOf(key)) return null;
    for (let i = -1; i < key.length; i++) {
      const candidates = index.get(i < 0 ? key : key.slice(0, i) + key.slice(i + 1));
      if (!candidates) continue;
      for (const brand of candidates) if (closeEnough(key, brand, form) && accept(brand)) return brand;
    }
    return null;
  }

  /**
   * The first brand of `minComboLength` or more found in `text` (a label, or with `skeleton` a
   * skeleton) whose occurrence `accept` takes, or null.
   */
  findIn(text: string, form: 'label' | 'skeleton', accept: (occurrence: Occurrence) => boolean): IndexedBrand | null {
    return (form === 'label' ? this.labelKeys : this.skeletonKeys).find(text, accept);
  }

  /**
   * The distinctive brand that appears inside a longer label: its skeleton inside `folded` (the
   * label's skeleton), or for a hyphenated brand (t-mobile) its label as written inside `label`.
   * Null when none does.
   */
  containedIn(folded: string, label: string): IndexedBrand | null {
    const inside = (text: string, hyphenated: boolean) => (o: Occurrence) => (o.start > 0 || o.end < text.length) && o.brand.label.includes('-') === hyphenated;
    return this.distinctiveKeys.find(folded, inside(folded, false)) ?? (label.includes('-') ? this.distinctiveKeys.find(label, inside(label, true)) : null);
  }

  private add(brand: IndexedBrand): void {
    const { label, skeleton: folded, loose } = brand;
    this.byLabel.set(label, brand);
    const suffix = brand.domain.slice(label.length + 1);
    for (const joined of [`${label}${suffix.replace(/\./g, '')}`, `${label}-${suffix.replace(/\./g, '-')}`, `${label}${suffix.split('.')[0]}`]) {
      if (!this.bySuffixedLabel.has(joined)) this.bySuffixedLabel.set(joined, brand);
    }
    if (!this.bySkeleton.has(folded)) this.bySkeleton.set(folded, brand);
    if (label.length >= LOOKALIKE_LIMITS.minLooseLength && !this.byLoose.has(loose)) this.byLoose.set(loose, brand);
    if (label.length >= LOOKALIKE_LIMITS.minEditLabelLength) this.deletions.add([label, folded], brand);
    if (label.length >= LOOKALIKE_LIMITS.minAnySubstitutionLength) this.looseDeletions.add([loose], brand);
    if (label.length >= LOOKALIKE_LIMITS.minComboLength) {
      this.labelKeys.add(label, brand);
      if (folded.length >= GRAM) this.skeletonKeys.add(folded, brand);
    }
    const inside = label.includes('-') ? label : folded;
    // Only main domains are searched inside longer labels: a brand's own service names (gstatic,
    // msedge, licdn) recur inside other names (its own, and others') far more often than in impostors'.
    const main = brand.owner === brand.domain;
    if (main && brand.kind === 'distinctive' && inside.length >= LOOKALIKE_LIMITS.minSubstringLength) this.distinctiveKeys.add(inside, brand);
  }
}

// Keys and every key with one character removed, each with the brands it stands for (a deletion
// neighbourhood: two strings one edit apart share an entry), plus the heads and tails of the keys.
// One edit leaves the first h or the last h characters of a key of length q untouched, for
// h = min(4, floor((q - 1) / 2)), so a name whose head and tail match no key's has no neighbour.
class Neighbourhood {
  private readonly entries = new Map<string, IndexedBrand[]>();
  private readonly edges = new Set<string>();

  add(forms: readonly string[], brand: IndexedBrand): void {
    const keys = new Set<string>();
    for (const form of forms) {
      keys.add(form);
      for (let i = 0; i < form.length; i++) keys.add(form.slice(0, i) + form.slice(i + 1));
      for (let h = 2; h <= 4 && h < form.length; h++) this.edges.add(`${h}<${form.slice(0, h)}`).add(`${h}>${form.slice(-h)}`);
    }
    for (const key of keys) {
      const list = this.entries.get(key);
      if (list) list.push(brand);
      else this.entries.set(key, [brand]);
    }
  }

  get(key: string): readonly IndexedBrand[] | undefined {
    return this.entries.get(key);
  }

  mayHoldNeighbourOf(key: string): boolean {
    if (this.entries.size === 0) return false;
    const h = Math.min(4, Math.floor((key.length - 1) / 2));
    return h < 2 || this.edges.has(`${h}<${key.slice(0, h)}`) || this.edges.has(`${h}>${key.slice(-h)}`);
  }
}

function closeEnough(key: string, brand: IndexedBrand, form: 'label' | 'skeleton' | 'loose'): boolean {
  const long = brand.label.length >= LOOKALIKE_LIMITS.minAnySubstitutionLength;
  if (form === 'loose') return long && oneEdit(key, brand.loose) !== null;
  const edit = oneEdit(key, form === 'label' ? brand.label : brand.skeleton);
  if (!edit) return false;
  return edit.kind !== 'substitution' || long || isPlausibleSubstitution(edit.from, edit.to);
}

function indexed(domain: string, owner: string, label: string, catalog: BrandCatalog): IndexedBrand {
  return { domain, owner, label, skeleton: skeleton(label), loose: looseSkeleton(label), kind: kindOf(label, catalog) };
}

function kindOf(label: string, catalog: BrandCatalog): BrandKind {
  if (catalog.genericLabels.has(label)) return 'generic';
  return catalog.wordLabels.has(label) ? 'word' : 'distinctive';
}
