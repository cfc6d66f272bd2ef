import { domainToASCII, domainToUnicode } from 'node:url';
import { parse } from 'tldts';
import type { BrandCatalog } from '../../src/domain/trust/brand-catalog.js';
import { ASCII_GLYPHS, COMBO_WORDS, CYRILLIC_TWINS, OTHER_SUFFIXES, QWERTY_NEIGHBOURS, UNICODE_GLYPHS } from './typo-tables.js';

/** The typosquatting families of the corpus, as typosquatting tools name them. */
export const FAMILIES = [
  'addition',
  'bitsquatting',
  'homoglyph',
  'homoglyph-idn',
  'hyphenation',
  'insertion',
  'omission',
  'repetition',
  'replacement',
  'transposition',
  'vowel-swap',
  'combosquat',
  'other-suffix',
] as const;
export type Family = (typeof FAMILIES)[number];

/** One permutation: the name as asked (punycode), its decoded form, and the brand it imitates. */
interface Permutation {
  readonly family: Family;
  readonly domain: string;
  readonly unicode: string;
  readonly brand: string;
}

/** The corpus: permutations that should be flagged, and the everyday-word ones that should not. */
export interface Corpus {
  readonly permutations: readonly Permutation[];
  /** Permutations whose label is an everyday word on the catalog's allow-list: legitimate names. */
  readonly everyday: readonly Permutation[];
  /** Permutations left out because they are legitimate or owned (see buildCorpus). */
  readonly excluded: number;
}

const LOWER = 'abcdefghijklmnopqrstuvwxyz';
const ALNUM = `${LOWER}0123456789`;
const VOWELS = 'aeiou';
const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const TLDTS_OPTIONS = { allowPrivateDomains: true } as const;
/** Shortest label the one-edit families and other suffixes are made for (three letters are acronyms). */
const MIN_EDIT_LABEL = 4;
/** Shortest brand label combined with a word without a hyphen (banking is not bank + ing). */
const MIN_JOINED_LABEL = 4;

type Generator = (label: string) => Iterable<string>;

const EDIT_FAMILIES: Readonly<Partial<Record<Family, Generator>>> = {
  *addition(label) {
    for (const c of ALNUM) yield label + c;
  },
  *bitsquatting(label) {
    for (let i = 0; i < label.length; i++) {
      for (let bit = 0; bit < 8; bit++) {
        const c = String.fromCharCode(label.charCodeAt(i) ^ (1 << bit));
        if (/[a-z0-9-]/.test(c)) yield label.slice(0, i) + c + label.slice(i + 1);
      }
    }
  },
  *insertion(label) {
    for (let i = 0; i < label.length; i++) {
      for (const key of QWERTY_NEIGHBOURS[label[i]!] ?? '') {
        yield label.slice(0, i) + key + label.slice(i);
        yield label.slice(0, i + 1) + key + label.slice(i + 1);
      }
    }
  },
  *omission(label) {
    for (let i = 0; i < label.length; i++) yield label.slice(0, i) + label.slice(i + 1);
  },
  *repetition(label) {
    for (let i = 0; i < label.length; i++) if (/[a-z0-9]/.test(label[i]!)) yield label.slice(0, i + 1) + label.slice(i);
  },
  *replacement(label) {
    for (let i = 0; i < label.length; i++) {
      for (const key of QWERTY_NEIGHBOURS[label[i]!] ?? '') yield label.slice(0, i) + key + label.slice(i + 1);
    }
  },
  *transposition(label) {
    for (let i = 0; i + 1 < label.length; i++) {
      if (label[i] !== label[i + 1]) yield label.slice(0, i) + label[i + 1] + label[i] + label.slice(i + 2);
    }
  },
  *'vowel-swap'(label) {
    for (let i = 0; i < label.length; i++) {
      if (!VOWELS.includes(label[i]!)) continue;
      for (const v of VOWELS) if (v !== label[i]) yield label.slice(0, i) + v + label.slice(i + 1);
    }
  },
};

function* hyphenation(label: string): Iterable<string> {
  for (let i = 1; i < label.length; i++) if (label[i - 1] !== '-' && label[i] !== '-') yield `${label.slice(0, i)}-${label.slice(i)}`;
}

function* homoglyphs(label: string, table: Readonly<Record<string, Iterable<string>>>): Iterable<string> {
  const glyphsAt = (i: number) => [...(table[label[i]!] ?? [])];
  for (let i = 0; i < label.length; i++) for (const g of glyphsAt(i)) yield label.slice(0, i) + g + label.slice(i + 1);
  for (const c of new Set(label)) {
    if (label.split(c).length < 3) continue;
    for (const g of table[c] ?? []) yield label.split(c).join(g);
  }
  for (let i = 0; i < label.length; i++) {
    for (let j = i + 1; j < label.length; j++) {
      const [a, b] = [glyphsAt(i)[0], glyphsAt(j)[0]];
      if (a && b) yield label.slice(0, i) + a + label.slice(i + 1, j) + b + label.slice(j + 1);
    }
  }
  if (table === UNICODE_GLYPHS && [...label].every((c) => CYRILLIC_TWINS[c] || !/[a-z]/.test(c))) {
    yield [...label].map((c) => CYRILLIC_TWINS[c] ?? c).join('');
  }
}

function* combos(label: string): Iterable<string> {
  for (const word of COMBO_WORDS) {
    yield `${label}-${word}`;
    yield `${word}-${label}`;
    if (label.length >= MIN_JOINED_LABEL) {
      yield `${label}${word}`;
      yield `${word}${label}`;
    }
  }
}

/** A protected brand label: the catalog domain it stands for, its label and suffix, its owner's main domain. */
interface Target {
  readonly domain: string;
  readonly label: string;
  readonly suffix: string;
  readonly owner: string;
}

/** Every catalog brand, by its main domain (the first of its line), one entry per label. */
function catalogTargets(catalog: BrandCatalog): Target[] {
  const targets = new Map<string, Target>();
  for (const brand of catalog.brands) {
    const info = parse(brand.main, TLDTS_OPTIONS);
    const label = info.domainWithoutSuffix;
    if (!label || !info.publicSuffix || label.startsWith('xn--') || targets.has(label)) continue;
    targets.set(label, { domain: brand.main, label, suffix: info.publicSuffix, owner: brand.main });
  }
  return [...targets.values()];
}

/**
 * Builds the labelled corpus for `catalog`: for every protected label, up to `perFamily`
 * permutations of each family, picked evenly from all it generates. Scope: the one-edit families
 * and other suffixes are made for labels of MIN_EDIT_LABEL characters or more and keep variants of
 * that length (three-letter names are acronyms of many organisations); homoglyphs, hyphenation and
 * combinations are made for every label. A permutation is left out of the should-flag set when it
 * is legitimate or owned: its registrable domain is owned by a catalog brand, is in `legitimate`, or
 * is on the catalog's allow-list of namesakes, or it is the brand's own label. A permutation whose
 * label is an everyday word on the allow-list (apple → ample) is a legitimate name: it goes to
 * `everyday`, which must not be flagged.
 */
export function buildCorpus(catalog: BrandCatalog, legitimate: ReadonlySet<string>, perFamily: number): Corpus {
  const permutations: Permutation[] = [];
  const everyday: Permutation[] = [];
  let excluded = 0;
  for (const target of catalogTargets(catalog)) {
    const add = (family: Family, candidates: Iterable<string>, suffixes: readonly string[]) => {
      const pairs: (readonly [string, string])[] = [];
      const seen = new Set<string>();
      for (const variant of candidates) {
        for (const suffix of suffixes) {
          const key = `${variant}.${suffix}`;
          if (seen.has(key) || (variant === target.label && suffix === target.suffix)) continue;
          seen.add(key);
          pairs.push([variant, suffix]);
        }
      }
      let kept = 0;
      for (const [variant, suffix] of spreadOrder(pairs)) {
        const words = catalog.allowedWords.has(variant);
        if (kept >= perFamily && !words) continue;
        const made = makeDomain(variant, suffix);
        if (!made) continue;
        const registrable = parse(made.domain, TLDTS_OPTIONS).domain;
        if (!registrable || catalog.has(registrable) || legitimate.has(registrable) || catalog.allowedDomains.has(registrable)) {
          excluded++;
          continue;
        }
        const permutation = { family, domain: made.domain, unicode: made.unicode, brand: target.owner };
        if (words) everyday.push(permutation);
        else if (kept++ < perFamily) permutations.push(permutation);
      }
    };
    const own = [target.suffix];
    const long = target.label.length >= MIN_EDIT_LABEL;
    for (const [family, generate] of Object.entries(EDIT_FAMILIES) as [Family, Generator][]) {
      if (!long) continue;
      add(
        family,
        [...generate(target.label)].filter((v) => v.length >= MIN_EDIT_LABEL),
        own,
      );
    }
    add('homoglyph', homoglyphs(target.label, ASCII_GLYPHS), own);
    add('homoglyph-idn', homoglyphs(target.label, UNICODE_GLYPHS), own);
    add('hyphenation', hyphenation(target.label), own);
    add('combosquat', combos(target.label), [...new Set([target.suffix, 'com', 'net'])]);
    if (long) add('other-suffix', [target.label], OTHER_SUFFIXES);
  }
  return { permutations, everyday, excluded };
}

// Evenly spread first (one item every n/size), then the items in between, so that a prefix of the
// order is an even sample of the whole.
function* spreadOrder<T>(items: readonly T[]): Iterable<T> {
  const step = Math.max(1, Math.ceil(items.length / 8));
  for (let offset = 0; offset < step; offset++) {
    for (let i = offset; i < items.length; i += step) yield items[i]!;
  }
}

function makeDomain(label: string, suffix: string): { domain: string; unicode: string } | null {
  if (/^[\x00-\x7f]*$/.test(label)) {
    if (!LABEL.test(label) || label.slice(2, 4) === '--') return null;
    const domain = `${label}.${suffix}`;
    return { domain, unicode: domain };
  }
  // Only names that stay as written through IDNA mapping (which folds some glyphs to others).
  const domain = domainToASCII(`${label}.${suffix}`);
  if (domain === '' || !domain.startsWith('xn--')) return null;
  const unicode = domainToUnicode(domain);
  return unicode === `${label}.${suffix}` ? { domain, unicode } : null;
}
