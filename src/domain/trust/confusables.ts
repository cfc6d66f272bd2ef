// Characters that render like a Latin letter in common fonts, grouped by that letter: a reduced
// form of the Unicode confusables data (UTS #39) for the Cyrillic, Greek, Armenian, IPA, small
// capital and stroked Latin letters that turn up in look-alike domains. Accented letters need no
// entry: NFKD plus dropping marks folds them. Escapes keep the homoglyphs distinguishable here.
const LOOKALIKES: Readonly<Record<string, string>> = {
  a: '\u0430\u03b1\u0251\u0250\u1d00',
  b: '\u044c\u0180\u0185\u0299\u0253\u0432',
  c: '\u0441\u03f2\u1d04\u0188\u023c',
  d: '\u0501\u0111\u0257\u0256',
  e: '\u0435\u03b5\u0454\u04bd\u0247\u1d07',
  f: '\u0192',
  g: '\u0261\u050d\u01e5\u0260\u0262',
  h: '\u04bb\u0127\u0266\u029c\u043d\u2c68',
  i: '\u0456\u03b9\u0131\u0269\u0268\u026a',
  j: '\u0458\u0237\u03f3\u029d\u0249',
  k: '\u043a\u03ba\u0138\u0199\u1d0b\u2c6a',
  l: '\u04cf\u0142\u019a\u01c0\u026b\u026d',
  m: '\u1d0d\u043c\u0271',
  n: '\u043f\u03b7\u0272\u0273\u0274\ua791',
  o: '\u043e\u03bf\u03c3\u00f8\u0275\u04e9\u0585\u1d0f\u047b',
  p: '\u0440\u03c1\u01a5\u00fe\u01bf',
  q: '\u051b\u024b\u02a0',
  r: '\u0433\u1d26\u027c\u027d\u0280\u024d\u027e',
  s: '\u0455\u0282\ua731',
  t: '\u03c4\u0442\u0167\u01ad\u1d1b\u01ab',
  u: '\u03c5\u057d\u028b\u1d1c\u0289',
  v: '\u03bd\u0475\u1d20\u2c71\u2c74\u1d8c',
  w: '\u051d\u03c9\u0461\u1d21\u2c73',
  x: '\u0445\u03c7',
  y: '\u0443\u03b3\u04af\u0263\u01b4\u028f\u024f\u1eff',
  z: '\u01b6\u0290\u0225\u1d22\u2c6c',
};

// Digits that pass for letters in a host name.
const DIGITS: Readonly<Record<string, string>> = { '0': 'o', '1': 'l', '3': 'e', '5': 's' };

const CHAR_MAP: ReadonlyMap<string, string> = new Map([
  ...Object.entries(LOOKALIKES).flatMap(([letter, chars]) => Array.from(chars, (c) => [c, letter] as const)),
  ...Object.entries(DIGITS),
]);

// Letter pairs that read as one letter once squeezed together.
const SEQUENCES: readonly (readonly [string, string])[] = [
  ['rn', 'm'],
  ['vv', 'w'],
  ['cl', 'd'],
];

// Coarser folds for looseSkeleton: a stroke before a letter with an ascender, then letters, then pairs.
const STROKE_PAIRS: readonly (readonly [string, string])[] = [
  ['lb', 'b'],
  ['lh', 'h'],
  ['lk', 'k'],
  ['lc', 'k'],
];
const LOOSE_LETTERS: ReadonlyMap<string, string> = new Map([
  ['i', 'l'],
  ['q', 'g'],
  ['9', 'g'],
  ['v', 'u'],
  ['4', 'a'],
  ['2', 'z'],
  ['c', 'e'],
]);
const LOOSE_SEQUENCES: readonly (readonly [string, string])[] = [
  ['rn', 'm'],
  ['vv', 'w'],
  ['nn', 'm'],
];

const MARKS = /\p{M}/gu;
const LETTER = /\p{L}/u;
const ASCII_LOWER = /^[a-z0-9]*$/;
const SCRIPTS = [
  ['Latin', /\p{Script=Latin}/u],
  ['Cyrillic', /\p{Script=Cyrillic}/u],
  ['Greek', /\p{Script=Greek}/u],
  ['Armenian', /\p{Script=Armenian}/u],
] as const;

/**
 * The skeleton of a label: what it looks like when rendered, spelled in plain Latin letters.
 * Compatibility forms are folded and accents dropped (NFKD without marks), homoglyphs and look-alike
 * digits become the letter they imitate, `rn` becomes `m`, `vv` becomes `w`, `cl` becomes `d`, and
 * hyphens are dropped. Two labels with the same skeleton are easy to mistake for each other. A label
 * without any letter (`53`, `360`) is its own skeleton: digits alone imitate nothing.
 */
export function skeleton(label: string): string {
  if (!LETTER.test(label)) return label.replace(/-/g, '');
  return squeeze(foldLetters(label), SEQUENCES);
}

/**
 * A coarser skeleton: look-alike characters folded as in skeleton, `lb`, `lh`, `lk` and `lc` read as
 * `b`, `h`, `k` and `k`, then `i` read as `l` (and so as `1`), `q` and `9` as `g`, `v` as `u`, `4` as `a`, `2` as `z`, `c` as `e`, and `rn`, `vv` and `nn`
 * as `m`, `w` and `m`: pairs that fonts or leetspeak confuse but that also tell ordinary words
 * apart, so it is compared only with brand labels.
 */
export function looseSkeleton(label: string): string {
  let out = '';
  const folded = LETTER.test(label) ? foldLetters(squeeze(label.toLowerCase(), STROKE_PAIRS)) : label.replace(/-/g, '');
  for (const char of folded) out += LOOSE_LETTERS.get(char) ?? char;
  return squeeze(out, LOOSE_SEQUENCES);
}

function foldLetters(label: string): string {
  const plain = label.replace(/-/g, '');
  if (ASCII_LOWER.test(plain)) {
    let out = '';
    for (const char of plain) out += DIGITS[char] ?? char;
    return out;
  }
  let out = '';
  for (const char of plain.normalize('NFKD').replace(MARKS, '').toLowerCase()) out += CHAR_MAP.get(char) ?? char;
  return out;
}

function squeeze(text: string, pairs: readonly (readonly [string, string])[]): string {
  let out = text;
  for (const [pair, letter] of pairs) if (out.includes(pair)) out = out.split(pair).join(letter);
  return out;
}

/** True when the label has a character outside ASCII (an IDN label, decoded). */
export function hasNonAscii(label: string): boolean {
  return /[^\x00-\x7f]/.test(label);
}

/**
 * The scripts a label mixes when it mixes Latin, Cyrillic, Greek or Armenian letters (e.g.
 * `['Latin', 'Cyrillic']`), or null when it uses at most one of them. Digits and hyphens belong to
 * no script.
 */
export function mixedScripts(label: string): readonly string[] | null {
  const found = SCRIPTS.filter(([, pattern]) => pattern.test(label)).map(([name]) => name);
  return found.length > 1 ? found : null;
}
