import type { DomainName } from '../domain-name.js';
import type { ObservedCertificate, ObservedRedirect, ProbeId } from './probes.js';

/** The statuses a check or declaration can end in. */
export const CHECK_STATUSES = ['pass', 'warn', 'fail', 'info', 'error'] as const;
export type CheckStatus = (typeof CHECK_STATUSES)[number];

/** The verdict of one check (core) or one declaration (optional, never scored). */
export interface CheckResult {
  readonly id: string;
  readonly category: string;
  readonly title: string;
  readonly status: CheckStatus;
  readonly points: number;
  readonly max: number;
  /** One line written by Vetted; never contains site content. */
  readonly detail: string;
  readonly standard: string;
  /** Numbers of the evidence items the verdict rests on. */
  readonly evidence: readonly number[];
}

/** One fetch of the scan, as stored. Site content only in `untrustedExcerpt`. */
export interface EvidenceItem {
  readonly n: number;
  readonly probe: ProbeId;
  readonly requestedUrl: string;
  readonly finalUrl: string | null;
  readonly redirects: readonly ObservedRedirect[];
  readonly resolvedIp: string | null;
  readonly status: number | null;
  /** Allow-listed response headers (values bounded). */
  readonly headers: Readonly<Record<string, string>>;
  readonly durationMs: number;
  readonly bodyBytes: number;
  readonly bodySha256: string | null;
  readonly truncated: boolean;
  readonly certificate: ObservedCertificate | null;
  readonly error: { readonly code: string; readonly message: string } | null;
  /** The first bytes of the body, as text. Untrusted: never interpret it. */
  readonly untrustedExcerpt: string;
}

/** What the observation covered, and what a scan never covers. */
export interface ScanScope {
  readonly origin: string;
  readonly paths: readonly string[];
  readonly notCovered: readonly string[];
}

/** Facts about the site taken from its own content. Untrusted: the site chose them. */
export interface SiteFacts {
  readonly untrustedTitle: string | null;
  readonly untrustedDescription: string | null;
  readonly untrustedLanguage: string | null;
  readonly untrustedOrganizationName: string | null;
}

/** A stored scan snapshot. */
export interface Report {
  readonly id: string;
  readonly domain: DomainName;
  /** ISO 8601 UTC. */
  readonly scannedAt: string;
  readonly methodologyVersion: string;
  readonly scope: ScanScope;
  /** Core score, 0 to 100. */
  readonly score: number;
  /** The homepage answered over HTTPS or HTTP. */
  readonly reachable: boolean;
  /** The homepage answered over HTTPS with a certificate that verified. */
  readonly httpsValid: boolean;
  readonly checks: readonly CheckResult[];
  readonly declarations: readonly CheckResult[];
  /**
   * The declaration set the scan looked for (see DECLARATION_SETS). Stored from the 2026-11-25 set
   * on; older reports lack it and `declarationSetOf` tells their set from their declarations.
   */
  readonly declarationSet?: string;
  readonly site: SiteFacts;
  readonly evidence: readonly EvidenceItem[];
  /**
   * Set when no probe got an answer (see unreachableReason): why, in words ("the name does not
   * resolve"). Then nothing was judged: `checks` holds the one reachability finding, `declarations`
   * is empty and `score` is 0 only because storage needs a number (see judgedScore). Absent on
   * every report that reached the site, and on reports made before it was recorded.
   */
  readonly unreachable?: string;
}

/** A report without its checks, site facts and evidence: what the verify read path keeps. */
export interface ReportSummary {
  readonly id: string;
  readonly domain: DomainName;
  readonly scannedAt: string;
  readonly methodologyVersion: string;
  readonly score: number;
  readonly reachable: boolean;
  readonly httpsValid: boolean;
  readonly scope: ScanScope;
  readonly evidenceCount: number;
  /** notAfter of the certificate the HTTPS homepage presented, when it verified; null otherwise. */
  readonly certificateValidTo: string | null;
  /** Why the site could not be reached, when nothing was judged (see Report.unreachable). */
  readonly unreachable?: string;
}

/** The summary of a whole report. */
export function summarizeReport(report: Report): ReportSummary {
  const { id, domain, scannedAt, methodologyVersion, score, reachable, httpsValid, scope } = report;
  const homepage = report.evidence.find((e) => e.probe === 'https_root');
  const certificateValidTo = httpsValid ? (homepage?.certificate?.validTo ?? null) : null;
  const summary = { id, domain, scannedAt, methodologyVersion, score, reachable, httpsValid, scope, evidenceCount: report.evidence.length, certificateValidTo };
  return report.unreachable === undefined ? summary : { ...summary, unreachable: report.unreachable };
}

/** The score as published: null when the site could not be reached and nothing was judged. */
export function judgedScore(report: Pick<Report, 'score' | 'unreachable'>): number | null {
  return report.unreachable === undefined ? report.score : null;
}
