import { looksLikeHtml, splitLines } from './text-helpers.js';

export type SecurityTxtErrorCode =
  | 'EMPTY'
  | 'HTML'
  | 'NO_CONTACT'
  | 'NO_EXPIRES'
  | 'MULTIPLE_EXPIRES'
  | 'INVALID_EXPIRES'
  | 'EXPIRED'
  | 'MULTIPLE_PREFERRED_LANGUAGES'
  | 'INVALID_LANGUAGE'
  | 'CONTACT_NOT_URI'
  | 'INVALID_URI'
  | 'INSECURE_URI';

export type SecurityTxtWarningCode = 'EXPIRES_TOO_FAR' | 'INVALID_LINES' | 'UNTERMINATED_SIGNATURE' | 'TOO_MANY_VALUES' | 'TRUNCATED';

export interface SecurityTxt {
  /**
   * True when there are no errors: a Contact and one parseable, future Expires, every URI field a
   * URI (web URIs https), Preferred-Languages once and made of language tags.
   */
  readonly valid: boolean;
  readonly contact: readonly string[];
  /** The first Expires value as written. */
  readonly expires: string | null;
  /** That value as ISO 8601 UTC, or null when it is not an RFC 3339 date-time. */
  readonly expiresAt: string | null;
  readonly encryption: readonly string[];
  readonly acknowledgments: readonly string[];
  readonly preferredLanguages: readonly string[];
  readonly canonical: readonly string[];
  readonly policy: readonly string[];
  readonly hiring: readonly string[];
  /** The file was wrapped in an OpenPGP cleartext signature (not verified). */
  readonly signed: boolean;
  /** The fields (as RFC 9116 names them: Contact, Encryption...) whose value is not a URI. */
  readonly fieldsNotUri: readonly string[];
  /** The fields with an http: (not https:) web URI. */
  readonly fieldsInsecure: readonly string[];
  readonly unknownFieldCount: number;
  readonly invalidLineCount: number;
  readonly looksLikeHtml: boolean;
  readonly errors: readonly SecurityTxtErrorCode[];
  readonly warnings: readonly SecurityTxtWarningCode[];
}

const MAX_SECURITY_TXT_CHARS = 64 * 1024;
const MAX_LINES = 4_000;
const MAX_VALUES = 20;
const MAX_VALUE_CHARS = 2048;
const FIELD_NAME = /^[A-Za-z0-9-]{1,64}$/;
const URI = /^[A-Za-z][A-Za-z0-9+.-]{0,30}:\S+$/;
const RFC3339 = /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})(\.\d{1,9})?(?:[Zz]|([+-])(\d{2}):(\d{2}))$/;
// RFC 5646 language tags, as far as their shape goes: letters, digits and hyphens in subtags of 1-8.
const LANGUAGE_TAG = /^[A-Za-z]{1,8}(?:-[A-Za-z0-9]{1,8})*$/;
const URI_FIELDS = ['contact', 'encryption', 'acknowledgments', 'canonical', 'policy', 'hiring'] as const;
const FIELD_NAMES: Readonly<Record<UriField, string>> = {
  contact: 'Contact',
  encryption: 'Encryption',
  acknowledgments: 'Acknowledgments',
  canonical: 'Canonical',
  policy: 'Policy',
  hiring: 'Hiring',
};
type UriField = (typeof URI_FIELDS)[number];

/**
 * Parses security.txt (RFC 9116), unwrapping an OpenPGP cleartext signature first (the signature
 * itself is not verified). `now` decides whether Expires has passed or is more than a year ahead.
 * Never throws: an empty file, an HTML page, a missing Contact, a missing, repeated, malformed or
 * past Expires, a value of a URI field that is not a URI (§2.5: a Contact e-mail address needs
 * `mailto:`) or a web URI that is not https, and a repeated or malformed Preferred-Languages give
 * `valid: false` with the matching error codes; unknown fields are counted and otherwise ignored.
 */
export function parseSecurityTxt(text: string, now: Date): SecurityTxt {
  const split = splitLines(text, MAX_SECURITY_TXT_CHARS, MAX_LINES);
  const warnings = new Set<SecurityTxtWarningCode>(split.truncated ? ['TRUNCATED'] : []);
  const html = looksLikeHtml(text);
  const { lines, signed, terminated } = unwrapSignature(split.lines);
  if (signed && !terminated) warnings.add('UNTERMINATED_SIGNATURE');
  const values: Record<UriField, string[]> = { contact: [], encryption: [], acknowledgments: [], canonical: [], policy: [], hiring: [] };
  const expiresValues: string[] = [];
  let languageLines = 0;
  let preferredLanguages: string[] = [];
  const notUri = new Set<UriField>();
  const insecure = new Set<UriField>();
  let unknownFieldCount = 0;
  let invalidLineCount = 0;

  for (const raw of html ? [] : lines) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    const colon = line.indexOf(':');
    const name = colon > 0 ? line.slice(0, colon).toLowerCase() : '';
    if (!FIELD_NAME.test(name)) {
      invalidLineCount += 1;
      continue;
    }
    const value = line
      .slice(colon + 1)
      .trim()
      .slice(0, MAX_VALUE_CHARS);
    if (name === 'expires') {
      expiresValues.push(value);
    } else if (name === 'preferred-languages') {
      languageLines += 1;
      if (languageLines === 1)
        preferredLanguages = value
          .split(',', MAX_VALUES)
          .map((l) => l.trim())
          .filter((l) => l !== '');
    } else if ((URI_FIELDS as readonly string[]).includes(name)) {
      const list = values[name as UriField];
      if (list.length >= MAX_VALUES) warnings.add('TOO_MANY_VALUES');
      else list.push(value);
      const uriProblem = checkUri(value);
      if (uriProblem === 'NOT_URI') notUri.add(name as UriField);
      if (uriProblem === 'INSECURE') insecure.add(name as UriField);
    } else {
      unknownFieldCount += 1;
    }
  }
  if (invalidLineCount > 0) warnings.add('INVALID_LINES');

  const errors: SecurityTxtErrorCode[] = [];
  const expires = expiresValues[0] ?? null;
  const expiresMs = expires === null ? null : parseRfc3339(expires);
  if (lines.every((l) => l.trim() === '')) errors.push('EMPTY');
  else if (html) errors.push('HTML');
  else {
    if (values.contact.length === 0) errors.push('NO_CONTACT');
    if (expires === null) errors.push('NO_EXPIRES');
    if (expiresValues.length > 1) errors.push('MULTIPLE_EXPIRES');
    if (expires !== null && expiresMs === null) errors.push('INVALID_EXPIRES');
    if (expiresMs !== null && expiresMs < now.getTime()) errors.push('EXPIRED');
    if (expiresMs !== null && expiresMs > oneYearAfter(now)) warnings.add('EXPIRES_TOO_FAR');
    if (languageLines > 1) errors.push('MULTIPLE_PREFERRED_LANGUAGES');
    if (languageLines > 0 && (preferredLanguages.length === 0 || !preferredLanguages.every((tag) => LANGUAGE_TAG.test(tag)))) errors.push('INVALID_LANGUAGE');
    if (notUri.has('contact')) errors.push('CONTACT_NOT_URI');
    if ([...notUri].some((field) => field !== 'contact')) errors.push('INVALID_URI');
    if (insecure.size > 0) errors.push('INSECURE_URI');
  }

  return {
    valid: errors.length === 0,
    ...values,
    expires,
    expiresAt: expiresMs === null ? null : new Date(expiresMs).toISOString(),
    preferredLanguages,
    signed,
    fieldsNotUri: URI_FIELDS.filter((f) => notUri.has(f)).map((f) => FIELD_NAMES[f]),
    fieldsInsecure: URI_FIELDS.filter((f) => insecure.has(f)).map((f) => FIELD_NAMES[f]),
    unknownFieldCount,
    invalidLineCount,
    looksLikeHtml: html,
    errors,
    warnings: [...warnings],
  };
}

/**
 * Returns the signed body of an OpenPGP cleartext-signed message (RFC 4880 §7): armor headers
 * skipped, dash-escaping undone, the signature block dropped. Unsigned text comes back as is.
 */
function unwrapSignature(lines: readonly string[]): { lines: readonly string[]; signed: boolean; terminated: boolean } {
  const begin = lines.findIndex((l) => l.trim() !== '');
  if (begin < 0 || lines[begin]?.trim() !== '-----BEGIN PGP SIGNED MESSAGE-----') {
    return { lines, signed: false, terminated: false };
  }
  let i = begin + 1;
  while (i < lines.length && lines[i]?.trim() !== '') i += 1;
  const body: string[] = [];
  for (i += 1; i < lines.length; i += 1) {
    const line = lines[i] ?? '';
    if (line.trim() === '-----BEGIN PGP SIGNATURE-----') return { lines: body, signed: true, terminated: true };
    body.push(line.startsWith('- ') ? line.slice(2) : line);
  }
  return { lines: body, signed: true, terminated: false };
}

// §2.5: every one of these fields holds a URI, and a web URI must begin with https://.
function checkUri(value: string): 'NOT_URI' | 'INSECURE' | null {
  if (!URI.test(value) || !URL.canParse(value)) return 'NOT_URI';
  return /^http:/i.test(value) ? 'INSECURE' : null;
}

/** Epoch milliseconds of an RFC 3339 date-time, or null when it is malformed or out of range. */
function parseRfc3339(value: string): number | null {
  const m = RFC3339.exec(value);
  if (m === null) return null;
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map(Number) as [number, number, number, number, number, number];
  const fraction = m[7] === undefined ? 0 : Math.floor(Number(`0${m[7]}`) * 1000);
  if (month < 1 || month > 12 || hour > 23 || minute > 59 || second > 60) return null;
  const local = Date.UTC(year, month - 1, day, hour, minute, second, fraction);
  if (new Date(Date.UTC(year, month - 1, day)).getUTCDate() !== day) return null;
  if (m[8] === undefined) return local;
  const offsetHours = Number(m[9]);
  const offsetMinutes = Number(m[10]);
  if (offsetHours > 23 || offsetMinutes > 59) return null;
  const offset = (offsetHours * 60 + offsetMinutes) * 60_000;
  return m[8] === '+' ? local - offset : local + offset;
}

function oneYearAfter(now: Date): number {
  const limit = new Date(now.getTime());
  limit.setUTCFullYear(limit.getUTCFullYear() + 1);
  return limit.getTime();
}
