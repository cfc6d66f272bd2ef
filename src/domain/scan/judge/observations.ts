import type { DomainName } from '../../domain-name.js';
import { CORE_CHECKS, DECLARATIONS } from '../methodology.js';
import type { ProbeId, ProbeResponse, ProbeResult } from '../probes.js';
import type { CheckResult, CheckStatus } from '../report.js';

/** One probe's result and the number of the evidence item that stores it. */
export interface NumberedProbe {
  readonly n: number;
  readonly result: ProbeResult;
}

/** Everything a scan observed, by probe. */
export interface ScanObservations {
  readonly domain: DomainName;
  readonly probes: Readonly<Partial<Record<ProbeId, NumberedProbe>>>;
  readonly now: Date;
}

/** The probe's response, when it got one. */
export function responseOf(obs: ScanObservations, probe: ProbeId): ProbeResponse | undefined {
  const p = obs.probes[probe];
  return p?.result.ok ? p.result : undefined;
}

/** Evidence numbers of the probes that were made. */
export function evidenceOf(obs: ScanObservations, ...probes: ProbeId[]): number[] {
  return probes.flatMap((id) => (obs.probes[id] ? [obs.probes[id]!.n] : []));
}

/** A 2xx answer whose body is not an HTML page (a soft 404 on a well-known path is no file). */
export function isSuccess(response: ProbeResponse | undefined): response is ProbeResponse {
  return response !== undefined && response.status >= 200 && response.status < 300;
}

/** Builds a core check result from the methodology table. */
export function coreCheck(id: string, status: CheckStatus, points: number, detail: string, evidence: number[]): CheckResult {
  const def = CORE_CHECKS.find((c) => c.id === id);
  if (!def) throw new Error(`unknown check ${id}`);
  return {
    id,
    category: def.category,
    title: def.title,
    status,
    points: Math.max(0, Math.min(points, def.max)),
    max: def.max,
    detail,
    standard: def.standard,
    evidence,
  };
}

/** Builds a declaration result from the methodology table: never any points. */
export function declaration(id: string, status: CheckStatus, detail: string, evidence: number[]): CheckResult {
  const def = DECLARATIONS.find((d) => d.id === id);
  if (!def) throw new Error(`unknown declaration ${id}`);
  return { id, category: 'declaration', title: def.title, status, points: 0, max: 0, detail, standard: def.standard, evidence };
}

// The fetcher's failure codes, as a reader says them.
const FAILURES: Readonly<Record<string, string>> = {
  BLOCKED_ADDRESS: 'its address is not a public one, so it was not fetched',
  DNS_FAILURE: 'the name did not resolve',
  CONNECT_FAILED: 'the connection was refused or dropped',
  TLS_ERROR: 'the TLS connection failed',
  TIMEOUT: 'no answer in time',
  TOO_MANY_REDIRECTS: 'too many redirects',
  BAD_REDIRECT: 'a redirect that cannot be followed',
  BAD_URL: 'not a URL that can be fetched',
  PROTOCOL_ERROR: 'the answer broke the HTTP protocol',
};

/** The reason a probe got no response, in a few words (no site content). */
export function failureOf(obs: ScanObservations, probe: ProbeId): string {
  const p = obs.probes[probe];
  if (!p) return 'not fetched';
  if (p.result.ok) return `HTTP ${p.result.status}`;
  return failureWords(p.result.code);
}

/** A fetcher's failure code in a few words. */
export function failureWords(code: string): string {
  return FAILURES[code] ?? 'the fetch failed';
}

/** Text with its first letter in upper case, to start a detail sentence. */
export function sentence(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
