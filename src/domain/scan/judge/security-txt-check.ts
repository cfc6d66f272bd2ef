import { parseSecurityTxt, type SecurityTxt, type SecurityTxtErrorCode, type SecurityTxtWarningCode } from '../parsers/security-txt.js';
import type { CheckResult } from '../report.js';
import { counted, listed } from '../words.js';
import { coreCheck, evidenceOf, failureOf, isSuccess, responseOf, type ScanObservations } from './observations.js';

// What each finding means to the site owner, in Vetted's own words (never the file's).
const PROBLEMS: Readonly<Record<SecurityTxtErrorCode, (p: SecurityTxt) => string>> = {
  EMPTY: () => 'The file is empty: it needs at least a Contact and an Expires line (RFC 9116 §2.5).',
  HTML: () => 'The path answers with an HTML page, not the text file: serve security.txt as text/plain, and answer 404 where there is none.',
  NO_CONTACT: () => 'It has no Contact line: add one, such as "Contact: mailto:security@example.com" (RFC 9116 §2.5.3).',
  NO_EXPIRES: () => 'It has no Expires line: add one with a date less than a year ahead, such as "Expires: 2027-01-01T00:00:00Z" (§2.5.5).',
  MULTIPLE_EXPIRES: () => 'It has more than one Expires line: keep exactly one (§2.5.5).',
  INVALID_EXPIRES: () => 'Its Expires value is not an RFC 3339 date and time: write it as 2027-01-01T00:00:00Z (§2.5.5).',
  EXPIRED: (p) => `It expired on ${p.expiresAt?.slice(0, 10)}: readers must treat it as stale; publish a new Expires date (§2.5.5).`,
  MULTIPLE_PREFERRED_LANGUAGES: () => 'It has more than one Preferred-Languages line: list every language on one line (§2.5.8).',
  INVALID_LANGUAGE: () => 'Its Preferred-Languages line is not a comma-separated list of language tags such as "en, nl" (§2.5.8).',
  CONTACT_NOT_URI: () =>
    'A Contact value is not a URI: write an e-mail address as mailto:address, a telephone number as tel:number, a web page as an https:// URL (§2.5.3).',
  INVALID_URI: (p) => `The ${listed(p.fieldsNotUri.filter((f) => f !== 'Contact'))} value is not a URI: each of these fields holds one URI (§2.5).`,
  INSECURE_URI: (p) =>
    `${listed(p.fieldsInsecure)} ${p.fieldsInsecure.length === 1 ? 'gives a web address' : 'give web addresses'} starting with http://: web URIs in security.txt must start with https:// (§2.5).`,
};

const NOTES: Readonly<Record<SecurityTxtWarningCode, (p: SecurityTxt) => string>> = {
  EXPIRES_TOO_FAR: () => 'Expires is more than a year ahead; RFC 9116 §2.5.5 recommends less, so that the file is reviewed.',
  INVALID_LINES: (p) =>
    `${counted(p.invalidLineCount, 'line')} ${p.invalidLineCount === 1 ? 'is' : 'are'} neither a field, a comment nor blank, and ${p.invalidLineCount === 1 ? 'is' : 'are'} ignored.`,
  UNTERMINATED_SIGNATURE: () => 'The OpenPGP signature is opened but never closed.',
  TOO_MANY_VALUES: () => 'A field is repeated more than 20 times; only the first 20 were read.',
  TRUNCATED: () => 'The file is longer than a scan reads (64 KiB); only the beginning was read.',
};

/** security.txt (RFC 9116) at /.well-known/security.txt, judged by every field's grammar. */
export function securityTxtCheck(obs: ScanObservations): CheckResult {
  const ev = evidenceOf(obs, 'security_txt');
  const res = responseOf(obs, 'security_txt');
  if (!isSuccess(res)) return coreCheck('security_txt', 'fail', 0, `No security.txt (${failureOf(obs, 'security_txt')}).`, ev);
  if (!res.finalUrl.startsWith('https:')) return coreCheck('security_txt', 'warn', 3, 'security.txt is not served over HTTPS.', ev);
  const parsed = parseSecurityTxt(res.bodyText, obs.now);
  const notes = parsed.warnings.map((code) => NOTES[code](parsed));
  const noted = notes.length > 0 ? ` Notes: ${notes.join(' ')}` : '';
  if (parsed.valid) {
    return coreCheck('security_txt', 'pass', 8, `Valid: ${counted(parsed.contact.length, 'contact')}, expires ${parsed.expiresAt}.${noted}`, ev);
  }
  return coreCheck('security_txt', 'warn', 3, `Present but invalid. ${parsed.errors.map((code) => PROBLEMS[code](parsed)).join(' ')}${noted}`, ev);
}
