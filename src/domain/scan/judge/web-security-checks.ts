import { readHtmlSecurity } from '../parsers/html-security.js';
import { readSetCookies, type CookieFacts } from '../parsers/set-cookies.js';
import { CORS_PROBE_ORIGIN, type ProbeResponse } from '../probes.js';
import type { CheckResult } from '../report.js';
import { coreCheck, evidenceOf, failureOf, responseOf, sentence, type ScanObservations } from './observations.js';

const COOKIE_FIX = 'Set-Cookie: __Host-{name}={value}; Secure; HttpOnly; SameSite=Lax; Path=/';
const COOP = new Set(['same-origin', 'same-origin-allow-popups', 'noopener-allow-popups', 'unsafe-none']);
const CORP = new Set(['same-origin', 'same-site', 'cross-origin']);

/** Cookies, Subresource Integrity and cross-origin headers of the homepage answer. */
export function webSecurityChecks(obs: ScanObservations): CheckResult[] {
  return [cookies(obs), subresourceIntegrity(obs), crossOrigin(obs)];
}

// Cookies are named by their place among the Set-Cookie headers: details never quote the site.
function cookies(obs: ScanObservations): CheckResult {
  const ev = evidenceOf(obs, 'https_root');
  const res = responseOf(obs, 'https_root');
  if (!res) return coreCheck('cookies', 'fail', 0, 'No HTTPS homepage answer to judge.', ev);
  const list = readSetCookies(res.setCookies);
  if (list.length === 0) return coreCheck('cookies', 'pass', 6, 'The homepage sets no cookie.', ev);
  const of = (c: CookieFacts) => `cookie ${c.position} of ${list.length}${c.sessionLike ? ' (a session cookie by its name)' : ''}`;
  const severe = [
    ...list.filter((c) => c.sessionLike && !c.httpOnly).map((c) => `${of(c)} lacks HttpOnly, so any script on the page can read it`),
    ...list.filter((c) => c.sessionLike && !c.secure).map((c) => `${of(c)} lacks Secure, so it also travels over plain HTTP`),
  ];
  const moderate = [
    ...list.filter((c) => c.rejectedBecause).map((c) => `${of(c)} is refused by browsers: ${c.rejectedBecause}`),
    ...list.filter((c) => !c.sessionLike && !c.secure && !c.rejectedBecause).map((c) => `${of(c)} lacks Secure`),
    ...list.filter((c) => c.sameSite === 'invalid').map((c) => `${of(c)} has a SameSite value browsers do not know`),
  ];
  const minor = list.filter((c) => c.sameSite === 'missing').map((c) => `${of(c)} has no SameSite attribute`);
  const fix = `Send each as \`${COOKIE_FIX}\` (HttpOnly unless scripts must read it).`;
  if (severe.length > 0) return coreCheck('cookies', 'fail', 0, `${sentence([...severe, ...moderate, ...minor].join('; '))}. ${fix}`, ev);
  if (moderate.length > 0) return coreCheck('cookies', 'warn', 3, `${sentence([...moderate, ...minor].join('; '))}. ${fix}`, ev);
  if (minor.length > 0) return coreCheck('cookies', 'warn', 5, `${sentence(minor.join('; '))}. ${fix}`, ev);
  return coreCheck('cookies', 'pass', 6, `${list.length} cookie${list.length === 1 ? '' : 's'}, each Secure with SameSite, session cookies HttpOnly.`, ev);
}

function subresourceIntegrity(obs: ScanObservations): CheckResult {
  const ev = evidenceOf(obs, 'https_root');
  const res = responseOf(obs, 'https_root') ?? responseOf(obs, 'http_root');
  if (!res) return coreCheck('subresource_integrity', 'fail', 0, 'No homepage answer to judge.', ev);
  const loads = readHtmlSecurity(res.bodyText, res.finalUrl).crossOrigin;
  if (loads.length === 0) return coreCheck('subresource_integrity', 'pass', 4, 'No script or stylesheet is loaded from another origin.', ev);
  const count = (kind: string, test: (l: (typeof loads)[number]) => boolean) => loads.filter((l) => l.kind === kind && test(l)).length;
  const insecure = loads.filter((l) => l.insecure).length;
  const scripts = count('script', (l) => !l.integrity);
  const styles = count('stylesheet', (l) => !l.integrity);
  const fix = 'Add `integrity="sha384-{digest}" crossorigin="anonymous"` to each, or serve the file from your own origin.';
  if (insecure > 0)
    return coreCheck(
      'subresource_integrity',
      'fail',
      0,
      `${insecure} cross-origin script${insecure === 1 ? ' or stylesheet is' : 's or stylesheets are'} loaded over plain HTTP. Load them over HTTPS. ${fix}`,
      ev,
    );
  if (scripts > 0)
    return coreCheck(
      'subresource_integrity',
      'warn',
      1,
      `${ofAll(
        scripts,
        count('script', () => true),
        'script',
      )} no integrity digest, so the other origin can run anything on the page. ${fix}`,
      ev,
    );
  if (styles > 0)
    return coreCheck(
      'subresource_integrity',
      'warn',
      3,
      `${ofAll(
        styles,
        count('stylesheet', () => true),
        'stylesheet',
      )} no integrity digest, so the other origin can restyle the page. ${fix}`,
      ev,
    );
  return coreCheck('subresource_integrity', 'pass', 4, `All ${loads.length} cross-origin scripts and stylesheets carry an integrity digest.`, ev);
}

/** "2 of 3 cross-origin scripts carry", with the verb agreeing. */
function ofAll(some: number, all: number, kind: string): string {
  return `${some} of ${all} cross-origin ${kind}${all === 1 ? '' : 's'} ${some === 1 ? 'carries' : 'carry'}`;
}

// Judged on the homepage answer and on the answer to the CORS probe, which asked as a page of
// CORS_PROBE_ORIGIN would: a server often sends CORS headers only when a request carries an Origin.
function crossOrigin(obs: ScanObservations): CheckResult {
  const res = responseOf(obs, 'https_root') ?? responseOf(obs, 'http_root');
  const probe = responseOf(obs, 'cors_root');
  const ev = evidenceOf(obs, 'https_root', 'cors_root');
  if (!res) return coreCheck('cross_origin', 'fail', 0, 'No homepage answer to judge.', ev);
  const h = res.headers;
  const answers = [res, ...(probe ? [probe] : [])].map(corsOf);
  const noted = `Cross-Origin-Opener-Policy: ${named(h['cross-origin-opener-policy'], COOP)}; Cross-Origin-Resource-Policy: ${named(h['cross-origin-resource-policy'], CORP)}.`;
  const reflected = probe !== undefined && corsOf(probe).allowOrigin === CORS_PROBE_ORIGIN;
  // WHATWG Fetch CORS check: a credentialed read needs the exact origin and exactly `true`.
  if (reflected && probe.headers['access-control-allow-credentials']?.trim() === 'true') {
    return coreCheck(
      'cross_origin',
      'fail',
      0,
      `Asked from an unrelated origin (Origin: ${CORS_PROBE_ORIGIN}), the homepage echoed it in Access-Control-Allow-Origin with Access-Control-Allow-Credentials: true, so any site can read the page with its visitors' cookies, as they see it signed in. Echo only origins you trust, from a fixed list, with \`Vary: Origin\`, or drop \`Access-Control-Allow-Credentials\`. ${noted}`,
      ev,
    );
  }
  if (answers.some((a) => a.allowOrigin === '*' && a.credentials)) {
    return coreCheck(
      'cross_origin',
      'fail',
      0,
      `Access-Control-Allow-Origin: * with Access-Control-Allow-Credentials: true offers credentialed reads to every origin (browsers refuse the pair, so it is a misconfiguration either way). Send \`Access-Control-Allow-Origin\` with one trusted origin and \`Vary: Origin\`, or drop the credentials header. ${noted}`,
      ev,
    );
  }
  if (answers.some((a) => a.allowOrigin === 'null')) {
    return coreCheck(
      'cross_origin',
      'fail',
      0,
      `Access-Control-Allow-Origin: null lets sandboxed documents and local files read the page. Send \`Access-Control-Allow-Origin: https://{trusted origin}\` with \`Vary: Origin\` instead. ${noted}`,
      ev,
    );
  }
  const allowOrigin = answers.map((a) => a.allowOrigin).find((o) => o !== undefined);
  const cors = reflected
    ? `Echoes any origin (it echoed ${CORS_PROBE_ORIGIN}), without credentials, so other sites can read only what the page shows everyone`
    : allowOrigin === undefined
      ? 'No CORS headers'
      : allowOrigin === '*'
        ? 'Shared with every origin, without credentials'
        : 'Shared with a named origin';
  const untested = probe
    ? ''
    : ` The request from another origin got no answer (${failureOf(obs, 'cors_root')}), so whether the homepage echoes any origin is not known.`;
  return coreCheck('cross_origin', 'pass', 2, `${cors}. ${noted}${untested}`, ev);
}

/** The CORS headers of one answer: Access-Control-Allow-Origin as sent, and whether credentials are allowed. */
function corsOf(res: ProbeResponse): { allowOrigin: string | undefined; credentials: boolean } {
  return {
    allowOrigin: res.headers['access-control-allow-origin']?.trim(),
    credentials: res.headers['access-control-allow-credentials']?.trim().toLowerCase() === 'true',
  };
}

/** A header value named only when it is one the standard defines (details never quote the site). */
function named(value: string | undefined, known: ReadonlySet<string>): string {
  if (value === undefined) return 'absent';
  const v = value.split(';')[0]!.trim().toLowerCase();
  return known.has(v) ? v : 'an unrecognized value';
}
