import { judgeCsp, parseCspPolicies } from '../parsers/csp-policy.js';
import { parseHsts } from '../parsers/hsts-header.js';
import { readHtmlSecurity } from '../parsers/html-security.js';
import {
  DEFAULT_REFERRER_POLICY,
  isNosniff,
  parseFrameOptions,
  parseReferrerPolicy,
  PRIVATE_REFERRER_POLICIES,
  type ReferrerPolicy,
} from '../parsers/response-headers.js';
import type { ProbeResponse } from '../probes.js';
import type { CheckResult } from '../report.js';
import { coreCheck, evidenceOf, responseOf, sentence, type ScanObservations } from './observations.js';

const HSTS_MIN_MAX_AGE = 15_768_000;
const HSTS_HEADER = '`Strict-Transport-Security: max-age=31536000; includeSubDomains` (each directive once)';
const HSTS_FIX = `Send ${HSTS_HEADER}.`;
const CSP_FIX =
  "Send `Content-Security-Policy: script-src 'nonce-{random}' 'strict-dynamic'; object-src 'none'; base-uri 'none'` (or `default-src 'self'; object-src 'none'; base-uri 'self'`) and drop `'unsafe-inline'`, `'unsafe-eval'` and wildcards from `script-src`.";
const FRAME_ANCESTORS_FIX = "Send `Content-Security-Policy: frame-ancestors 'none'` (or `'self'`)";
const REFERRER_HEADER = '`Referrer-Policy: strict-origin-when-cross-origin` (or `no-referrer`)';
// What each policy that is not private sends, in the W3C Referrer Policy's terms.
const REFERRER_LEAK: Partial<Record<ReferrerPolicy, string>> = {
  'unsafe-url': 'sends the full address, path and query included, to every site, even over plain HTTP',
  'no-referrer-when-downgrade': 'sends the full address, path and query included, to every other HTTPS site',
  origin: 'sends the origin to every site, even over plain HTTP',
  'origin-when-cross-origin': 'sends the origin to other sites even over plain HTTP',
};

/** The response whose headers the header checks judge: the HTTPS homepage, else the HTTP one. */
function homepage(obs: ScanObservations): ProbeResponse | undefined {
  return responseOf(obs, 'https_root') ?? responseOf(obs, 'http_root');
}

/** HSTS, Content-Security-Policy and the other essential response headers, each to its standard's grammar. */
export function headerChecks(obs: ScanObservations): CheckResult[] {
  const res = homepage(obs);
  const html = res ? readHtmlSecurity(res.bodyText, res.finalUrl) : undefined;
  const csp = judgeCsp(parseCspPolicies(res?.headers['content-security-policy'] ? [res.headers['content-security-policy']] : [], html?.metaCsp ?? []));
  return [hsts(obs), contentSecurityPolicy(obs, res, csp), securityHeaders(obs, res, csp, html?.metaReferrer ?? null)];
}

function hsts(obs: ScanObservations): CheckResult {
  const ev = evidenceOf(obs, 'https_root');
  const res = responseOf(obs, 'https_root');
  const header = res?.headers['strict-transport-security'];
  if (!res?.certificate)
    return coreCheck('hsts', 'fail', 0, `No HTTPS homepage to carry the header. Serve the homepage over HTTPS, then send ${HSTS_HEADER}.`, ev);
  if (header === undefined) return coreCheck('hsts', 'fail', 0, `Strict-Transport-Security is absent. ${HSTS_FIX}`, ev);
  const policy = parseHsts(header);
  const first = policy.severalHeaders ? ' (of several headers, browsers read only the first)' : '';
  if (!policy.valid) {
    const why: Record<string, string> = {
      EMPTY: 'is empty',
      BAD_SYNTAX: 'breaks the RFC 6797 grammar',
      DUPLICATE_DIRECTIVE: 'repeats a directive, which RFC 6797 §6.1 forbids',
      NO_MAX_AGE: 'has no max-age',
      BAD_MAX_AGE: 'has a max-age that is not a number of seconds',
    };
    return coreCheck('hsts', 'fail', 0, `Strict-Transport-Security${first} ${why[policy.errors[0]!]}, so browsers ignore it. ${HSTS_FIX}`, ev);
  }
  const notes = `${policy.includeSubDomains ? ', includeSubDomains' : ''}${policy.preload ? ', preload' : ''}`;
  if (policy.maxAge === 0) return coreCheck('hsts', 'fail', 0, `max-age=0${first} tells browsers to forget the policy (RFC 6797 §6.1.1). ${HSTS_FIX}`, ev);
  if (policy.maxAge! >= HSTS_MIN_MAX_AGE) return coreCheck('hsts', 'pass', 6, `max-age=${policy.maxAge}${notes}${first}.`, ev);
  return coreCheck('hsts', 'warn', 3, `max-age=${policy.maxAge}${notes}${first}: the max-age is under six months (15768000). ${HSTS_FIX}`, ev);
}

function contentSecurityPolicy(obs: ScanObservations, res: ProbeResponse | undefined, csp: ReturnType<typeof judgeCsp>): CheckResult {
  const ev = evidenceOf(obs, 'https_root');
  if (!res) return coreCheck('content_security_policy', 'fail', 0, `No homepage answer to judge. ${CSP_FIX}`, ev);
  const scripts = csp.scripts === 'protected' ? 6 : csp.scripts === 'eval_allowed' ? 3 : 0;
  const points = scripts + (csp.objectsRestricted ? 1 : 0) + (csp.baseUriRestricted ? 1 : 0);
  const wrong = [
    ...csp.scriptReasons.map((r) => `${r}, so ${scripts === 0 ? 'injected script runs' : 'a script can still run strings as code'}`),
    ...(csp.objectsRestricted ? [] : ['`object-src` (or `default-src`) does not limit plugins']),
    ...(csp.baseUriRestricted ? [] : ['`base-uri` is not limited, so an injected `<base>` can redirect relative scripts']),
  ];
  if (points === 8) return coreCheck('content_security_policy', 'pass', 8, 'Scripts, plugins and <base> are restricted.', ev);
  return coreCheck('content_security_policy', points > 0 ? 'warn' : 'fail', points, `${sentence(wrong.join('; '))}. ${CSP_FIX}`, ev);
}

function securityHeaders(
  obs: ScanObservations,
  res: ProbeResponse | undefined,
  csp: ReturnType<typeof judgeCsp>,
  metaReferrer: ReferrerPolicy | null,
): CheckResult {
  const ev = evidenceOf(obs, 'https_root');
  const fixAll =
    "Send `X-Content-Type-Options: nosniff`, `Content-Security-Policy: frame-ancestors 'none'` and `Referrer-Policy: strict-origin-when-cross-origin`.";
  if (!res) return coreCheck('security_headers', 'fail', 0, `No homepage answer to judge. ${fixAll}`, ev);
  const h = res.headers;
  const header = parseReferrerPolicy(h['referrer-policy']);
  const problems = [
    isNosniff(h['x-content-type-options']) ? null : 'X-Content-Type-Options is not `nosniff` (its first value counts). Send `X-Content-Type-Options: nosniff`',
    framingProblem(h['x-frame-options'], csp),
    referrerProblem(header, metaReferrer),
  ];
  const wrong = problems.filter((p): p is string => p !== null);
  const points = 2 * (problems.length - wrong.length);
  const byDefault = header === null && metaReferrer === null ? ` ${defaultReferrerNote(h['referrer-policy'])}` : '';
  if (wrong.length === 0) {
    const set = byDefault === '' ? 'nosniff, framing protection and a private Referrer-Policy are set.' : 'nosniff and framing protection are set.';
    return coreCheck('security_headers', 'pass', 6, `${set}${byDefault}`, ev);
  }
  return coreCheck('security_headers', points > 0 ? 'warn' : 'fail', points, `${wrong.join('. ')}.${byDefault}`, ev);
}

// W3C Referrer Policy §8.1 and WHATWG Fetch: with no policy a browser recognizes, the document's
// policy is the empty string, and requests then use the default, strict-origin-when-cross-origin.
function defaultReferrerNote(value: string | undefined): string {
  const what = value === undefined ? 'No Referrer-Policy' : 'No Referrer-Policy token a browser recognizes';
  return `${what}: browsers apply ${DEFAULT_REFERRER_POLICY}, which keeps paths private.`;
}

// WHATWG HTML: once an enforced header policy has frame-ancestors, X-Frame-Options is ignored.
function framingProblem(xfo: string | undefined, csp: ReturnType<typeof judgeCsp>): string | null {
  if (csp.frameAncestors === 'restricted') return null;
  if (csp.frameAncestors === 'open') {
    const ignored = xfo !== undefined ? ', and browsers then ignore X-Frame-Options' : '';
    return `\`frame-ancestors\` lets any site frame the page${ignored}. ${FRAME_ANCESTORS_FIX}`;
  }
  if (parseFrameOptions(xfo) !== 'allow') return null;
  const why = csp.framingOnlyInMeta
    ? '`frame-ancestors` in a `<meta>` policy is ignored by browsers, and nothing else stops other sites from framing the page'
    : xfo === undefined
      ? 'Nothing stops other sites from framing the page'
      : /allow-from/i.test(xfo)
        ? 'X-Frame-Options ALLOW-FROM is obsolete and ignored, so other sites can frame the page'
        : 'X-Frame-Options holds no value browsers act on, so other sites can frame the page';
  return `${why}. ${FRAME_ANCESTORS_FIX}, or \`X-Frame-Options: DENY\``;
}

// WHATWG HTML: a valid <meta name="referrer"> replaces the policy the header gave the document.
function referrerProblem(header: ReferrerPolicy | null, meta: ReferrerPolicy | null): string | null {
  const policy = meta ?? header ?? DEFAULT_REFERRER_POLICY;
  if (PRIVATE_REFERRER_POLICIES.has(policy)) return null;
  if (meta === null) return `Referrer-Policy ${policy} ${REFERRER_LEAK[policy]}. Send ${REFERRER_HEADER}`;
  const overrides = header === null ? '' : ', which overrides the Referrer-Policy header,';
  return `The \`<meta name="referrer">\` sets ${policy}${overrides} and ${REFERRER_LEAK[policy]}. Remove it or make it \`<meta name="referrer" content="strict-origin-when-cross-origin">\`, and send ${REFERRER_HEADER}`;
}
