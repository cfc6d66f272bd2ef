import { judgeCsp, parseCspPolicies } from '../parsers/csp-policy.js';
import { parseHsts } from '../parsers/hsts-header.js';
import { readHtmlSecurity } from '../parsers/html-security.js';
import { isNosniff, parseFrameOptions, parseReferrerPolicy, PRIVATE_REFERRER_POLICIES } from '../parsers/response-headers.js';
import type { ProbeResponse } from '../probes.js';
import type { CheckResult } from '../report.js';
import { coreCheck, evidenceOf, responseOf, sentence, type ScanObservations } from './observations.js';

const HSTS_MIN_MAX_AGE = 15_768_000;
const HSTS_FIX = 'Send `Strict-Transport-Security: max-age=31536000; includeSubDomains` (each directive once).';
const CSP_FIX = "Send `Content-Security-Policy: script-src 'nonce-{random}' 'strict-dynamic'; object-src 'none'; base-uri 'none'` (or `default-src 'self'; object-src 'none'; base-uri 'self'`) and drop 'unsafe-inline', 'unsafe-eval' and wildcards from script-src.";

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
  if (!res || !res.certificate) return coreCheck('hsts', 'fail', 0, 'No HTTPS homepage to carry the header.', ev);
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
  return coreCheck('hsts', 'warn', 3, `max-age=${policy.maxAge}${first} is under six months. ${HSTS_FIX}`, ev);
}

function contentSecurityPolicy(obs: ScanObservations, res: ProbeResponse | undefined, csp: ReturnType<typeof judgeCsp>): CheckResult {
  const ev = evidenceOf(obs, 'https_root');
  if (!res) return coreCheck('content_security_policy', 'fail', 0, 'No homepage answer to judge.', ev);
  const scripts = csp.scripts === 'protected' ? 6 : csp.scripts === 'eval_allowed' ? 3 : 0;
  const points = scripts + (csp.objectsRestricted ? 1 : 0) + (csp.baseUriRestricted ? 1 : 0);
  const wrong = [
    ...csp.scriptReasons.map((r) => (scripts === 0 ? `${r}, so injected script runs` : r)),
    ...(csp.objectsRestricted ? [] : ['object-src (or default-src) does not limit plugins']),
    ...(csp.baseUriRestricted ? [] : ['base-uri is not set, so an injected <base> can redirect relative scripts']),
  ];
  if (points === 8) return coreCheck('content_security_policy', 'pass', 8, 'Scripts, plugins and <base> are restricted.', ev);
  return coreCheck('content_security_policy', points > 0 ? 'warn' : 'fail', points, `${sentence(wrong.join('; '))}. ${CSP_FIX}`, ev);
}

function securityHeaders(obs: ScanObservations, res: ProbeResponse | undefined, csp: ReturnType<typeof judgeCsp>, metaReferrer: string | null): CheckResult {
  const ev = evidenceOf(obs, 'https_root');
  if (!res) return coreCheck('security_headers', 'fail', 0, 'No homepage answer to judge.', ev);
  const h = res.headers;
  const problems: string[] = [];
  let points = 0;
  if (isNosniff(h['x-content-type-options'])) points += 2;
  else problems.push('X-Content-Type-Options is not `nosniff` (its first value counts). Send `X-Content-Type-Options: nosniff`');
  const frame = parseFrameOptions(h['x-frame-options']);
  if (csp.framingRestricted || frame !== 'allow') points += 2;
  else problems.push(`${framingProblem(h['x-frame-options'], csp.framingOnlyInMeta)}. Send \`Content-Security-Policy: frame-ancestors 'none'\` (or 'self'), or \`X-Frame-Options: DENY\``);
  const referrer = parseReferrerPolicy(h['referrer-policy']) ?? parseReferrerPolicy(metaReferrer ?? undefined);
  if (referrer && PRIVATE_REFERRER_POLICIES.has(referrer)) points += 2;
  else problems.push(`${referrer ? `Referrer-Policy ${referrer} sends the full address to other sites or over HTTP` : 'No Referrer-Policy a browser recognizes'}. Send \`Referrer-Policy: strict-origin-when-cross-origin\` (or no-referrer)`);
  if (problems.length === 0) return coreCheck('security_headers', 'pass', 6, 'nosniff, framing protection and a private Referrer-Policy are set.', ev);
  return coreCheck('security_headers', points > 0 ? 'warn' : 'fail', points, `${problems.join('. ')}.`, ev);
}

function framingProblem(xfo: string | undefined, onlyInMeta: boolean): string {
  if (onlyInMeta) return 'frame-ancestors in a <meta> policy is ignored by browsers';
  if (xfo !== undefined && /allow-from/i.test(xfo)) return 'X-Frame-Options ALLOW-FROM is obsolete and ignored';
  return 'Nothing stops other sites from framing the page';
}
