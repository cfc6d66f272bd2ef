/** The single edit that turns one string into another (see oneEdit). */
export type OneEdit =
  | { readonly kind: 'substitution'; readonly from: string; readonly to: string }
  | { readonly kind: 'insertion' | 'deletion' | 'transposition' };

/**
 * The one Damerau-Levenshtein edit that turns `typed` into `target` (an insertion or deletion of a
 * character, a substitution of `from` in `typed` by `to`, or a transposition of adjacent
 * characters), or null when they are equal or further apart. Linear time; compares UTF-16 units.
 */
export function oneEdit(typed: string, target: string): OneEdit | null {
  if (typed === target) return null;
  if (typed.length === target.length) {
    const i = firstMismatch(typed, target);
    if (typed.slice(i + 1) === target.slice(i + 1)) return { kind: 'substitution', from: typed[i]!, to: target[i]! };
    const swapped = typed[i] === target[i + 1] && typed[i + 1] === target[i] && typed.slice(i + 2) === target.slice(i + 2);
    return swapped ? { kind: 'transposition' } : null;
  }
  const longer = typed.length > target.length ? typed : target;
  const shorter = longer === typed ? target : typed;
  if (longer.length - shorter.length !== 1) return null;
  const i = firstMismatch(longer, shorter);
  if (longer.slice(i + 1) !== shorter.slice(i)) return null;
  return { kind: longer === typed ? 'insertion' : 'deletion' };
}

/**
 * True when `a` and `b` are exactly one Damerau-Levenshtein edit apart: one insertion, deletion,
 * substitution or transposition of adjacent characters. Linear time; compares UTF-16 code units.
 */
export function isOneEditAway(a: string, b: string): boolean {
  return oneEdit(a, b) !== null;
}

/**
 * The optimal-string-alignment distance between `a` and `b` (Damerau-Levenshtein where no substring
 * is edited twice). Quadratic; for tests and small inputs.
 */
export function editDistance(a: string, b: string): number {
  const rows: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i]);
  for (let j = 1; j <= b.length; j++) rows[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = best;
    }
  }
  return rows[a.length]![b.length]!;
}

// Keys next to each key on a QWERTY keyboard, digits included.
const QWERTY: Readonly<Record<string, string>> = {
  '1': '2q',
  '2': '13qw',
  '3': '24we',
  '4': '35er',
  '5': '46rt',
  '6': '57ty',
  '7': '68yu',
  '8': '79ui',
  '9': '80io',
  '0': '9op',
  q: '12wa',
  w: '23qeas',
  e: '34wrsd',
  r: '45etdf',
  t: '56ryfg',
  y: '67tugh',
  u: '78yihj',
  i: '89uojk',
  o: '90ipkl',
  p: '0ol',
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
const VOWELS = 'aeiouy';
// Letters fonts make easy to mistake for each other, beyond what skeletons fold.
const VISUAL_PAIRS = new Set(['ce', 'bd', 'mn', 'nr', 'gq', 'uv', 'il', 'ij', 'lt', 'ao', 'oe', 'hn', 'ft']);

/**
 * Whether typing `to` instead of `from` is a plausible slip: a neighbouring key on a QWERTY keyboard,
 * one flipped bit (bitsquatting), a vowel for a vowel, or a look-alike letter. Short brand labels
 * have many unrelated one-substitution neighbours (zoom and loom, wise and wish); only these
 * substitutions are typos of them.
 */
export function isPlausibleSubstitution(from: string, to: string): boolean {
  if (QWERTY[from]?.includes(to)) return true;
  const flipped = from.charCodeAt(0) ^ to.charCodeAt(0);
  if (from.length === 1 && to.length === 1 && flipped !== 0 && (flipped & (flipped - 1)) === 0) return true;
  if (VOWELS.includes(from) && VOWELS.includes(to)) return true;
  return VISUAL_PAIRS.has(from + to) || VISUAL_PAIRS.has(to + from);
}

function firstMismatch(a: string, b: string): number {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i;
}
