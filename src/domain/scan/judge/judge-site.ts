import type { DomainName } from '../../domain-name.js';
import { CURRENT_DECLARATION_SET } from '../declaration-sets.js';
import { METHODOLOGY_VERSION, NOT_COVERED } from '../methodology.js';
import { collapseWhitespace } from '../parsers/text-helpers.js';
import type { ProbeResult } from '../probes.js';
import type { CheckResult, EvidenceItem, Report, ScanScope, SiteFacts } from '../report.js';
import { crawlChecks } from './crawl-checks.js';
import { declarationChecks } from './declaration-checks.js';
import { headerChecks } from './header-checks.js';
import { homepageFacts, identityChecks } from './identity-checks.js';
import type { NumberedProbe, ScanObservations } from './observations.js';
import { reachabilityFinding, unreachableReason } from './reachability.js';
import { transportChecks } from './transport-checks.js';
import { webSecurityChecks } from './web-security-checks.js';

/** Evidence keeps at most this much of a body as text. */
export const EXCERPT_MAX_CHARS = 2048;
const MAX_HEADER_VALUE = 512;
const SITE_FACT_MAX = 300;
// Response headers worth keeping as evidence; the rest (cookies above all) are not stored.
const EVIDENCE_HEADERS = [
  'content-type',
  'content-length',
  'content-encoding',
  'content-language',
  'location',
  'server',
  'date',
  'last-modified',
  'cache-control',
  'strict-transport-security',
  'content-security-policy',
  'x-content-type-options',
  'x-frame-options',
  'referrer-policy',
  'permissions-policy',
  'vary',
  'link',
  'payment-required',
  'x-robots-tag',
  'access-control-allow-origin',
  'access-control-allow-credentials',
];

/**
 * Judges what a scan observed under the current methodology and builds the report: core checks
 * (scored, summing to at most 100), optional declarations (never scored), site facts, scope and
 * evidence. `probes` are in evidence order: the first is evidence item 1. A site no probe reached
 * (see unreachableReason) is not judged: its report holds one finding naming why, no declarations,
 * and `unreachable` set, with the failures as evidence.
 */
export function judgeSite(id: string, domain: DomainName, probes: readonly ProbeResult[], now: Date): Report {
  const unreachable = unreachableReason(probes);
  if (unreachable !== undefined) return unreachableReport(id, domain, probes, now, unreachable);
  const numbered: Partial<Record<ProbeResult['probe'], NumberedProbe>> = {};
  probes.forEach((result, i) => {
    numbered[result.probe] = { n: i + 1, result };
  });
  const obs: ScanObservations = { domain, probes: numbered, now };
  const checks: CheckResult[] = [...transportChecks(obs), ...headerChecks(obs), ...webSecurityChecks(obs), ...crawlChecks(obs), ...identityChecks(obs)];
  const https = numbered.https_root?.result;
  const http = numbered.http_root?.result;
  const reachable = (https?.ok ?? false) || (http?.ok ?? false);
  return {
    id,
    domain,
    scannedAt: now.toISOString(),
    methodologyVersion: METHODOLOGY_VERSION,
    scope: scopeOf(domain, probes),
    score: reachable ? checks.reduce((sum, c) => sum + c.points, 0) : 0,
    reachable,
    httpsValid: https?.ok === true && https.certificate !== null && https.finalUrl.startsWith('https:'),
    checks,
    declarations: declarationChecks(obs),
    declarationSet: CURRENT_DECLARATION_SET.id,
    site: siteFacts(obs),
    evidence: probes.map((p, i) => evidenceItem(i + 1, p)),
  };
}

// Nothing was observed but the failures: the report says why and keeps them as evidence.
function unreachableReport(id: string, domain: DomainName, probes: readonly ProbeResult[], now: Date, reason: string): Report {
  return {
    id,
    domain,
    scannedAt: now.toISOString(),
    methodologyVersion: METHODOLOGY_VERSION,
    scope: scopeOf(domain, probes),
    score: 0,
    reachable: false,
    httpsValid: false,
    checks: [reachabilityFinding(reason, probes.length)],
    declarations: [],
    declarationSet: CURRENT_DECLARATION_SET.id,
    site: { untrustedTitle: null, untrustedDescription: null, untrustedLanguage: null, untrustedOrganizationName: null },
    evidence: probes.map((p, i) => evidenceItem(i + 1, p)),
    unreachable: reason,
  };
}

/**
 * What the scan requested, once each: a path (with its query) for a URL on the origin, the whole
 * URL for any other (the plain-HTTP homepage is `http://{domain}/`, a linked page on another host
 * its own URL). Joining the scheme to a path gave `http:/`, which no reader can resolve.
 */
export function scopeOf(domain: DomainName, probes: readonly ProbeResult[]): ScanScope {
  const origin = `https://${domain}`;
  const paths = probes.map((p) => {
    const url = new URL(p.requestedUrl);
    return url.origin === origin ? `${url.pathname}${url.search}` : url.href;
  });
  return { origin, paths: [...new Set(paths)], notCovered: NOT_COVERED };
}

function siteFacts(obs: ScanObservations): SiteFacts {
  const facts = homepageFacts(obs)?.facts;
  const bound = (text: string | null | undefined) => (text ? collapseWhitespace(text, SITE_FACT_MAX) || null : null);
  return {
    untrustedTitle: bound(facts?.title),
    untrustedDescription: bound(facts?.metaDescription),
    untrustedLanguage: bound(facts?.lang),
    untrustedOrganizationName: bound(facts?.jsonLd.organization?.name ?? facts?.ogSiteName),
  };
}

function evidenceItem(n: number, p: ProbeResult): EvidenceItem {
  if (!p.ok) {
    return {
      n,
      probe: p.probe,
      requestedUrl: p.requestedUrl,
      finalUrl: null,
      redirects: p.redirects,
      resolvedIp: null,
      status: null,
      headers: {},
      durationMs: p.durationMs,
      bodyBytes: 0,
      bodySha256: null,
      truncated: false,
      certificate: null,
      error: { code: p.code, message: p.message.slice(0, 300) },
      untrustedExcerpt: '',
    };
  }
  const headers: Record<string, string> = {};
  for (const name of EVIDENCE_HEADERS) {
    const value = p.headers[name];
    if (value !== undefined) headers[name] = value.slice(0, MAX_HEADER_VALUE);
  }
  return {
    n,
    probe: p.probe,
    requestedUrl: p.requestedUrl,
    finalUrl: p.finalUrl,
    redirects: p.redirects,
    resolvedIp: p.remoteAddress,
    status: p.status,
    headers,
    durationMs: p.durationMs,
    bodyBytes: p.bodyBytes,
    bodySha256: p.bodySha256,
    truncated: p.truncated,
    certificate: p.certificate,
    error: null,
    untrustedExcerpt: excerpt(p.bodyText),
  };
}

/** The first EXCERPT_MAX_CHARS of a body, NUL bytes removed. */
function excerpt(text: string): string {
  return text.slice(0, EXCERPT_MAX_CHARS).replace(/\u0000/g, '');
}
