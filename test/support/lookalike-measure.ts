import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath, domainToUnicode } from 'node:url';
import { parse } from 'tldts';
import type { BrandCatalog } from '../../src/domain/trust/brand-catalog.js';
import { LOOKALIKE_LIMITS } from '../../src/domain/trust/brand-index.js';
import { oneEdit } from '../../src/domain/trust/edit-distance.js';
import type { LookalikeDetector } from '../../src/domain/trust/lookalike.js';
import { restrictedSuffixOf } from '../../src/domain/trust/restricted-suffixes.js';
import type { BrandFinding } from '../../src/domain/trust/trust-inputs.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const TLDTS = { allowPrivateDomains: true } as const;

/** One permutation dnstwist made of a target domain. */
export interface Permutation {
  readonly brand: string;
  readonly domain: string;
  readonly fuzzer: string;
}

/** Hits out of a total. */
export interface Rate {
  total: number;
  hits: number;
}

/** The python that runs Debian's dnstwist, or undefined when dnstwist is not installed. */
export function dnstwistPython(): string | undefined {
  const bin = ['/usr/bin/dnstwist', '/usr/local/bin/dnstwist'].find((path) => existsSync(path));
  if (!bin) return undefined;
  const shebang = /^#!\s*(\S+)/.exec(readFileSync(bin, 'utf8'))?.[1];
  return shebang && existsSync(shebang) ? shebang : '/usr/bin/python3';
}

/** Every permutation of every family dnstwist has, `perFamily` at most per target and family. */
export function dnstwistPermutations(python: string, targets: readonly string[], perFamily: number): Permutation[] {
  const run = spawnSync(python, [resolve(ROOT, 'scripts/dnstwist-permutations.py'), '--per-family', String(perFamily), '--jobs', '2'], {
    input: targets.join('\n'),
    maxBuffer: 512 * 1024 * 1024,
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`dnstwist-permutations.py failed (${run.status}): ${run.stderr}`);
  return run.stdout
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as Permutation);
}

/**
 * The catalog's imitation targets: each brand's main domain, and every domain it owns under a name
 * of its own (a label other than the main domain's, of LOOKALIKE_LIMITS.minOwnedLabelLength or more:
 * twitter.com, youtu.be; not g.co or fb.me).
 */
export function catalogTargets(catalog: BrandCatalog): string[] {
  const targets: string[] = [];
  for (const brand of catalog.brands) {
    const main = parse(brand.main, TLDTS).domainWithoutSuffix;
    targets.push(brand.main);
    for (const domain of brand.domains.slice(1)) {
      const label = parse(domain, TLDTS).domainWithoutSuffix ?? '';
      if (label !== main && label.length >= LOOKALIKE_LIMITS.minOwnedLabelLength && !label.startsWith('xn--')) targets.push(domain);
    }
  }
  return targets;
}

/** The lines of a data file, without blank lines and `#` comments. */
export function dataLines(path: string): string[] {
  return readFileSync(resolve(ROOT, path), 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
}

/** A detector's finding as AssessTrust asks for it: with the name's Unicode form for IDN labels. */
export function judged(detector: LookalikeDetector, domain: string): BrandFinding {
  return detector.judge(domain, domainToUnicode(domain));
}

/** What a detector did with attacks and innocents: rates by family, rule and brand, and the names it got wrong. */
export interface Measurement {
  readonly attacks: Rate;
  readonly byFamily: Map<string, Rate>;
  /** The same for the targets named with 5 characters or more (the labels every rule applies to). */
  readonly ofFive: { readonly attacks: Rate; readonly byFamily: Map<string, Rate> };
  readonly byBrand: Map<string, Rate>;
  /** Attacks each rule caught, and innocents it accused. */
  readonly byRule: Map<string, { caught: number; accused: number }>;
  /** Permutations left out: owned by a catalog brand, ranked as a popular site, or under a restricted suffix. */
  readonly skipped: Map<string, number>;
  readonly missed: Permutation[];
  readonly innocents: Rate;
  readonly accused: Array<{ domain: string; finding: BrandFinding }>;
  readonly accusedRestricted: string[];
}

/**
 * Runs `detector` over `attacks` (a permutation counts when it carries lookalike_of) and `innocents`
 * (one counts when it carries lookalike_of without being a known brand). Permutations that a catalog
 * brand owns, that are themselves in the innocent set, that fall under a restricted suffix (nobody
 * but the registry's own kind can register them), or that changed only a label of the target's
 * public suffix (dnstwist's own suffix list lacks gouv.fr and ne.jp), or that swapped a part of a
 * hyphenated name for a dictionary word (login-bank.de from deutsche-bank.de) are not attacks and are
 * counted apart.
 * Per brand, a permutation counts for the brand that owns its target.
 */
export function measure(detector: LookalikeDetector, catalog: BrandCatalog, attacks: readonly Permutation[], innocents: readonly string[]): Measurement {
  const m: Measurement = {
    attacks: { total: 0, hits: 0 },
    byFamily: new Map(),
    ofFive: { attacks: { total: 0, hits: 0 }, byFamily: new Map() },
    byBrand: new Map(),
    byRule: new Map(),
    skipped: new Map(),
    missed: [],
    innocents: { total: 0, hits: 0 },
    accused: [],
    accusedRestricted: [],
  };
  const innocentSet = new Set(innocents);
  const skip = (why: string) => m.skipped.set(why, (m.skipped.get(why) ?? 0) + 1);
  for (const attack of attacks) {
    const info = parse(attack.domain, TLDTS);
    const target = parse(attack.brand, TLDTS);
    if (!info.domain || !info.publicSuffix) skip('no registrable domain');
    // dnstwist splits names by its own suffix list: for impots.gouv.fr or docomo.ne.jp it permutes
    // gouv or ne, leaving the brand's label intact in front of another registrable domain.
    else if (target.domainWithoutSuffix && info.subdomain === target.domainWithoutSuffix && info.domain !== target.domain)
      skip('the suffix permuted, the label intact');
    // For a hyphenated name dnstwist's dictionary fuzzer also swaps its first or last part for a word:
    // deutsche-bank.de gives login-bank.de and deutsche-recovery.de, which no longer carry the name.
    else if (
      attack.fuzzer === 'dictionary' &&
      target.domainWithoutSuffix?.includes('-') &&
      !(info.domainWithoutSuffix ?? '').includes(target.domainWithoutSuffix)
    )
      skip('a part of a hyphenated name swapped for a word');
    else if (catalog.has(info.domain)) skip('owned by a catalog brand');
    else if (innocentSet.has(info.domain)) skip('in the innocent set');
    else if (restrictedSuffixOf(info.publicSuffix)) skip('under a restricted suffix');
    else {
      const finding = judged(detector, attack.domain);
      const hit = finding.lookalikeOf !== null;
      const brand = catalog.mainDomainOf(attack.brand) ?? attack.brand;
      for (const rate of [m.attacks, bump(m.byFamily, attack.fuzzer), bump(m.byBrand, brand)]) add(rate, hit);
      if ((target.domainWithoutSuffix ?? '').length >= 5) for (const rate of [m.ofFive.attacks, bump(m.ofFive.byFamily, attack.fuzzer)]) add(rate, hit);
      if (hit) ruleCount(m, ruleOf(finding, attack.domain)).caught++;
      else m.missed.push(attack);
    }
  }
  for (const domain of innocents) {
    const finding = judged(detector, domain);
    const hit = !finding.knownBrand && finding.lookalikeOf !== null;
    add(m.innocents, hit);
    if (!hit) continue;
    m.accused.push({ domain, finding });
    ruleCount(m, ruleOf(finding, domain)).accused++;
    const suffix = parse(domain, TLDTS).publicSuffix;
    if (suffix && restrictedSuffixOf(suffix)) m.accusedRestricted.push(domain);
  }
  return m;
}

/**
 * The rule of a finding, with one edit split the way attackers type it: a keyboard slip (a key
 * next to the right one), a bit flip (one bit of one character), or another single edit.
 */
function ruleOf(finding: BrandFinding, domain: string): string {
  if (finding.rule !== 'one_edit' || !finding.lookalikeOf) return finding.rule ?? 'unknown';
  const label = parse(domain, TLDTS).domainWithoutSuffix ?? '';
  const target = parse(finding.lookalikeOf, TLDTS).domainWithoutSuffix ?? '';
  const edit = oneEdit(label, target);
  if (edit?.kind !== 'substitution') return `one_edit (${edit?.kind ?? 'folded'})`;
  const bits = edit.from.charCodeAt(0) ^ edit.to.charCodeAt(0);
  if ((bits & (bits - 1)) === 0) return 'one_edit (bit flip)';
  return KEYBOARD[edit.from]?.includes(edit.to) ? 'one_edit (keyboard slip)' : 'one_edit (other substitution)';
}

const KEYBOARD: Readonly<Record<string, string>> = {
  q: 'wa',
  w: 'qeas',
  e: 'wrsd',
  r: 'etdf',
  t: 'ryfg',
  y: 'tugh',
  u: 'yihj',
  i: 'uojk',
  o: 'ipkl',
  p: 'ol',
  a: 'qwsz',
  s: 'weadzx',
  d: 'erfsxc',
  f: 'rtdgcv',
  g: 'tyfhvb',
  h: 'yugjbn',
  j: 'uihknm',
  k: 'iojlm',
  l: 'opk',
  z: 'asx',
  x: 'sdzc',
  c: 'dfxv',
  v: 'fgcb',
  b: 'ghvn',
  n: 'hjbm',
  m: 'jkn',
};

function bump(map: Map<string, Rate>, key: string): Rate {
  let rate = map.get(key);
  if (!rate) map.set(key, (rate = { total: 0, hits: 0 }));
  return rate;
}

function add(rate: Rate, hit: boolean): void {
  rate.total++;
  if (hit) rate.hits++;
}

function ruleCount(m: Measurement, rule: string): { caught: number; accused: number } {
  let count = m.byRule.get(rule);
  if (!count) m.byRule.set(rule, (count = { caught: 0, accused: 0 }));
  return count;
}

/** `hits / total` as a percentage with one decimal. */
export function percent(rate: Rate): string {
  return rate.total === 0 ? 'n/a' : `${((100 * rate.hits) / rate.total).toFixed(1)}%`;
}
