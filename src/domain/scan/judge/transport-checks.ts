import type { CheckResult } from '../report.js';
import { coreCheck, evidenceOf, failureOf, failureWords, responseOf, type ScanObservations } from './observations.js';

const CERT_WARN_DAYS = 14;
const DAY_MS = 86_400_000;

/** HTTPS reachability, certificate and the HTTP→HTTPS redirect. */
export function transportChecks(obs: ScanObservations): CheckResult[] {
  return [httpsReachable(obs), tlsCertificate(obs), httpRedirect(obs)];
}

function httpsReachable(obs: ScanObservations): CheckResult {
  const ev = evidenceOf(obs, 'https_root');
  const res = responseOf(obs, 'https_root');
  if (!res) return coreCheck('https_reachable', 'fail', 0, `No HTTPS answer (${failureOf(obs, 'https_root')}).`, ev);
  if (!res.finalUrl.startsWith('https:')) return coreCheck('https_reachable', 'fail', 0, 'The HTTPS homepage redirects to plain HTTP.', ev);
  if (res.status >= 200 && res.status < 300) return coreCheck('https_reachable', 'pass', 12, `HTTPS homepage answered ${res.status}.`, ev);
  return coreCheck('https_reachable', 'warn', 4, `HTTPS homepage answered ${res.status}.`, ev);
}

function tlsCertificate(obs: ScanObservations): CheckResult {
  const ev = evidenceOf(obs, 'https_root');
  const probe = obs.probes.https_root?.result;
  if (!probe) return coreCheck('tls_certificate', 'fail', 0, 'No HTTPS fetch was made.', ev);
  if (!probe.ok) {
    return probe.code === 'TLS_ERROR'
      ? coreCheck('tls_certificate', 'fail', 0, certificateFailure(tlsErrorCode(probe.message)), ev)
      : coreCheck('tls_certificate', 'fail', 0, `No TLS connection: ${failureWords(probe.code)}.`, ev);
  }
  const cert = probe.certificate;
  if (!cert) return coreCheck('tls_certificate', 'fail', 0, 'The homepage was not served over HTTPS.', ev);
  const days = Math.floor((Date.parse(cert.validTo) - obs.now.getTime()) / DAY_MS);
  if (days < CERT_WARN_DAYS) return coreCheck('tls_certificate', 'warn', 5, `Certificate verifies but expires in ${days} days (${cert.validTo}).`, ev);
  return coreCheck('tls_certificate', 'pass', 10, `Certificate verifies; ${days} days to expiry (${cert.validTo}).`, ev);
}

function httpRedirect(obs: ScanObservations): CheckResult {
  const ev = evidenceOf(obs, 'http_root');
  const probe = obs.probes.http_root?.result;
  if (!probe) return coreCheck('http_redirect', 'info', 0, 'Plain HTTP was not fetched.', ev);
  const first = probe.redirects[0];
  const finalUrl = probe.ok ? probe.finalUrl : probe.failedUrl;
  if (!probe.ok && probe.redirects.length === 0) {
    return coreCheck('http_redirect', 'info', 0, `Port 80 did not answer (${failureWords(probe.code)}); nothing to redirect.`, ev);
  }
  const firstTarget = first ? safeUrl(first.location, first.url) : undefined;
  if (firstTarget?.protocol === 'https:' && firstTarget.hostname === obs.domain && finalUrl.startsWith('https:')) {
    return coreCheck('http_redirect', 'pass', 4, `HTTP answers ${first!.status} to HTTPS on the same host.`, ev);
  }
  if (finalUrl.startsWith('https:')) return coreCheck('http_redirect', 'warn', 2, 'HTTP ends on HTTPS, but not by a first redirect to the same host.', ev);
  return coreCheck('http_redirect', 'fail', 0, 'HTTP does not redirect to HTTPS.', ev);
}

function safeUrl(location: string, base: string): URL | undefined {
  try {
    return new URL(location, base);
  } catch {
    return undefined;
  }
}

// Node's verification codes a site owner meets, in words; the code follows for their TLS tools.
const CERTIFICATE_FAILURES: Readonly<Record<string, string>> = {
  CERT_HAS_EXPIRED: 'the certificate has expired',
  CERT_NOT_YET_VALID: 'the certificate is not valid yet',
  ERR_TLS_CERT_ALTNAME_INVALID: 'the certificate does not name this host',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'the certificate is self-signed',
  SELF_SIGNED_CERT_IN_CHAIN: 'the chain ends in a self-signed certificate no browser trusts',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'the chain is incomplete: serve the intermediate certificates too',
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: 'the issuer is not a trusted authority, or an intermediate certificate is missing',
  UNABLE_TO_GET_ISSUER_CERT: 'the issuer is not a trusted authority, or an intermediate certificate is missing',
  CERT_REVOKED: 'the certificate has been revoked',
  CERT_SIGNATURE_FAILURE: 'the certificate signature does not verify',
};

function certificateFailure(code: string): string {
  return `Certificate verification failed: ${CERTIFICATE_FAILURES[code] ?? 'the certificate is not trusted'} (${code}).`;
}

// The message names Node's code first (CERT_HAS_EXPIRED: …); the rest may quote the certificate.
function tlsErrorCode(message: string): string {
  return /^[A-Z0-9_]{3,64}/.exec(message)?.[0] ?? 'TLS_ERROR';
}
