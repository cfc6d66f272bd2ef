// Characters that render like a Latin letter in common fonts, grouped by that letter: a reduced
// form of the Unicode confusables data (UTS #39) for the lower-case Cyrillic, Greek and Latin
// letters that turn up in look-alike domains. Escapes keep the homoglyphs distinguishable here.
const LOOKALIKES: Readonly<Record<string, string>> = {
  a: '\u0430\u03b1\u0251',
  b: '\u044c\u0180',
  c: '\u0441\u03f2',
  d: '\u0501\u0111\u0257',
  e: '\u0435\u03b5\u0454\u04bd',
  g: '\u0261\u050d\u01e5',
  h: '\u04bb\u0127',
  i: '\u0456\u03b9\u0131\u0269',
  j: '\u0458\u0237\u03f3',
  k: '\u043a\u03ba\u0138',
  l: '\u04cf\u0142\u019a\u01c0',
  n: '\u043f\u03b7',
  o: '\u043e\u03bf\u03c3\u00f8\u0275\u04e9\u0585',
  p: '\u0440\u03c1',
  q: '\u051b',
  r: '\u0433',
  s: '\u0455',
  t: '\u03c4\u0442\u0167',
  u: '\u03c5\u057d',
  v: '\u03bd\u0475',
  w: '\u051d\u03c9',
  x: '\u0445\u03c7',
  y: '\u0443\u03b3\u04af',
  z: '\u01b6',
};

// Digits that pass for letters in a host name.
const DIGITS: Readonly<Record<string, string>> = { '0': 'o', '1': 'l', '3': 'e', '5': 's' };

const CHAR_MAP: ReadonlyMap<string, string> = new Map([
  ...Object.entries(LOOKALIKES).flatMap(([letter, chars]) => Array.from(chars, (c) => [c, letter] as const)),
  ...Object.entries(DIGITS),
]);

// Letter pairs that read as one letter once squeezed together.
const SEQUENCES: readonly (readonly [RegExp, string])[] = [
  [/rn/g, 'm'],
  [/vv/g, 'w'],
];

const MARKS = /\p{M}/gu;
const SCRIPTS = [
  ['Latin', /\p{Script=Latin}/u],
  ['Cyrillic', /\p{Script=Cyrillic}/u],
  ['Greek', /\p{Script=Greek}/u],
] as const;

/**
 * The skeleton of a label: what it looks like when rendered, spelled in plain Latin letters.
 * Compatibility forms are folded and accents dropped (NFKD without marks), homoglyphs and look-alike
 * digits become the letter they imitate, `rn` becomes `m`, `vv` becomes `w`, and hyphens are
 * dropped. Two labels with the same skeleton are easy to mistake for each other.
 */
export function skeleton(label: string): string {
  const folded = label.normalize('NFKD').replace(MARKS, '').toLowerCase();
  let out = '';
  for (const char of folded) {
    if (char === '-') continue;
    out += CHAR_MAP.get(char) ?? char;
  }
  for (const [pattern, letter] of SEQUENCES) out = out.replace(pattern, letter);
  return out;
}

/**
 * The scripts a label mixes when it mixes Latin, Cyrillic or Greek letters (e.g. `['Latin',
 * 'Cyrillic']`), or null when it uses at most one of them. Digits and hyphens belong to no script.
 */
export function mixedScripts(label: string): readonly string[] | null {
  const found = SCRIPTS.filter(([, pattern]) => pattern.test(label)).map(([name]) => name);
  return found.length > 1 ? found : null;
}
