import type { ProbeResult } from '../probes.js';
import type { CheckResult } from '../report.js';

/** The id of the one finding an unreachable report holds instead of the methodology's checks. */
export const REACHABILITY_FINDING_ID = 'site_reachable';

type Miss = 'dns' | 'refused' | 'timeout' | 'no_connection';
// In the order the reason names them, each with how it reads before its ports.
const MISS_WORDS: ReadonlyArray<readonly [Miss, string]> = [
  ['refused', 'connection refused on'],
  ['timeout', 'no answer in time on'],
  ['no_connection', 'no connection on'],
];

/**
 * Why the site could not be reached at all, or undefined when any probe got an answer or failed
 * some other way (a TLS error, a blocked address, a broken answer: those are judged). Unreachable
 * means every probe failed before any HTTP answer, because the name did not resolve (DNS_FAILURE),
 * the connection was refused or not made (CONNECT_FAILED) or nothing answered in time (TIMEOUT).
 * The reason reads "the name does not resolve" or "connection refused on 443 and 80", naming each
 * way of failing with the ports it happened on.
 */
export function unreachableReason(probes: readonly ProbeResult[]): string | undefined {
  if (probes.length === 0) return undefined;
  const ports = new Map<Miss, string[]>();
  for (const probe of probes) {
    if (probe.ok || probe.redirects.length > 0) return undefined;
    const miss = missOf(probe.code, probe.message);
    if (miss === undefined) return undefined;
    const seen = ports.get(miss) ?? [];
    const port = portOf(probe.failedUrl);
    if (!seen.includes(port)) seen.push(port);
    ports.set(miss, seen);
  }
  const parts = MISS_WORDS.flatMap(([miss, words]) => (ports.has(miss) ? [`${words} ${joinPorts(ports.get(miss)!)}`] : []));
  if (ports.has('dns')) parts.unshift(parts.length === 0 ? 'the name does not resolve' : 'the name did not always resolve');
  return parts.join(', ');
}

/**
 * The one finding of a report whose site could not be reached: no points and no maximum (nothing
 * was judged), status `error` (the checks could not be made), citing every evidence item.
 */
export function reachabilityFinding(reason: string, evidenceCount: number): CheckResult {
  return {
    id: REACHABILITY_FINDING_ID,
    category: 'transport',
    title: 'Site reachable',
    status: 'error',
    points: 0,
    max: 0,
    detail: `The site could not be reached: ${reason}. No check was judged and no score given; a scan once the site answers judges it.`,
    standard: 'RFC 9110 (HTTP semantics)',
    evidence: Array.from({ length: evidenceCount }, (_, i) => i + 1),
  };
}

function missOf(code: string, message: string): Miss | undefined {
  if (code === 'DNS_FAILURE') return 'dns';
  if (code === 'TIMEOUT') return 'timeout';
  // The fetcher starts a CONNECT_FAILED message with the socket's code (ECONNREFUSED: …).
  if (code === 'CONNECT_FAILED') return /^ECONNREFUSED\b/.test(message) ? 'refused' : 'no_connection';
  return undefined;
}

function portOf(url: string): string {
  try {
    const parsed = new URL(url);
    return parsed.port || (parsed.protocol === 'http:' ? '80' : '443');
  } catch {
    return '443';
  }
}

// HTTPS's port first, as the methodology reads the site over HTTPS before plain HTTP.
function joinPorts(ports: readonly string[]): string {
  const rank = (port: string) => (port === '443' ? -1 : Number(port));
  const sorted = [...ports].sort((a, b) => rank(a) - rank(b));
  return sorted.length === 1 ? sorted[0]! : `${sorted.slice(0, -1).join(', ')} and ${sorted.at(-1)}`;
}
