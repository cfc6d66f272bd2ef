import type { DomainName } from '../domain-name.js';
import type { ProbeId, ProbeResult } from './probes.js';
import type { EvidenceItem } from './report.js';

/** A queued scan's life: queued, then running (probes finishing one by one), then done or failed. */
export const SCAN_JOB_STATES = ['queued', 'running', 'done', 'failed'] as const;
export type ScanJobState = (typeof SCAN_JOB_STATES)[number];

/** One finished probe as a progress page shows it: `HTTP 200` or the failure code, and how long it took. */
export interface ProbeProgress {
  readonly probe: ProbeId;
  readonly outcome: string;
  readonly ms: number;
}

/** A scan requested through the queue. */
export interface ScanJob {
  readonly id: string;
  readonly domain: DomainName;
  readonly clientId: string;
  readonly state: ScanJobState;
  readonly probes: readonly ProbeProgress[];
  /** Set once done: the stored report. */
  readonly reportId: string | null;
  /** Set once failed: an error code of the API (e.g. INTERNAL_ERROR) and a message for people. */
  readonly errorCode: string | null;
  readonly errorMessage: string | null;
  readonly createdAt: string;
  readonly updatedAt: string;
}

/** The progress line of a finished probe. */
export function probeProgress(result: ProbeResult): ProbeProgress {
  const outcome = result.ok ? `HTTP ${result.status}${result.truncated ? ' (cut at cap)' : ''}` : result.code;
  return { probe: result.probe, outcome, ms: Math.round(result.durationMs) };
}

/** The progress line of a probe as its report stored it (for a job finished from a stored report). */
export function evidenceProgress(item: EvidenceItem): ProbeProgress {
  const outcome = item.status !== null ? `HTTP ${item.status}${item.truncated ? ' (cut at cap)' : ''}` : (item.error?.code ?? 'ERROR');
  return { probe: item.probe, outcome, ms: Math.round(item.durationMs) };
}

/**
 * The id of the report a scan job stores: derived from the job's id, so that a job retried after a
 * crash finds the report its first try already stored instead of storing a second one.
 */
export function reportIdOfScan(scanId: string): string {
  return `rpt_${scanId.replace(/^scn_/, '')}`;
}
