// Words that registries and privacy services put where a registrant's organisation would be: two
// names hidden the same way must never count as the same organisation.
const PLACEHOLDER =
  /\b(redact\w*|privacy|private|proxy|withheld|not disclosed|undisclosed|non ?public|protect\w*|gdpr|mask\w*|anonym\w*|hidden|whoisguard|on behalf|please query|not applicable|not available|unknown|none|null)\b/;
const LEGAL_FORMS = new Set([
  'inc',
  'incorporated',
  'llc',
  'ltd',
  'limited',
  'corp',
  'corporation',
  'co',
  'company',
  'gmbh',
  'ag',
  'sa',
  'sas',
  'sarl',
  'srl',
  'spa',
  'plc',
  'bv',
  'nv',
  'oy',
  'ab',
  'as',
  'kk',
  'pty',
  'pte',
  'lp',
  'llp',
  'lc',
  'se',
]);
const MAX_LENGTH = 200;

/**
 * The comparable form of an organisation name as RDAP publishes it, or null when there is none to
 * compare: case, accents, punctuation and a trailing legal form (Inc., LLC, Ltd, GmbH, …) removed,
 * so "Google LLC" and "GOOGLE, Inc." both give "google". Placeholders of redacted or proxied
 * registrations ("REDACTED FOR PRIVACY", "Domains By Proxy, LLC", "Data Protected") give null, as
 * do names of single letters only (N/A).
 */
export function normaliseOrganisation(raw: string | null | undefined): string | null {
  if (typeof raw !== 'string' || raw.length > MAX_LENGTH * 2) return null;
  const folded = raw.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
  if (PLACEHOLDER.test(folded)) return null;
  // Dots go first so that L.L.C. and S.A. become llc and sa before the words are split.
  const words = folded
    .replace(/\./g, '')
    .replace(/&/g, ' and ')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .split(' ')
    .filter((w) => w !== '');
  while (words.length > 1 && LEGAL_FORMS.has(words[words.length - 1]!)) words.pop();
  if (words.length > 1 && words[0] === 'the') words.shift();
  if (words.length === 1 && LEGAL_FORMS.has(words[0]!)) return null;
  const name = words.join(' ');
  // Single letters alone (N/A, "x") name nobody.
  return words.some((w) => w.length >= 2) && name.length <= MAX_LENGTH ? name : null;
}

/** `raw` fit to quote in an answer: control characters removed, spaces collapsed, at most 100 characters. */
export function quotableOrganisation(raw: string): string {
  const text = raw
    .replace(/[\p{C}]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > 100 ? `${text.slice(0, 97)}...` : text;
}
