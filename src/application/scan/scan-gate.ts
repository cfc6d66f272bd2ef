import type { ReadinessValue } from '../../domain/scan/readiness.js';

/** The readiness a gate may require: `limited` accepts limited or ready, `ready` only ready. */
export const GATE_REQUIREMENTS = ['ready', 'limited'] as const;
export type GateRequirement = (typeof GATE_REQUIREMENTS)[number];

/** What a scan must reach for a CI job to pass (`vetted scan --fail-under 70 --require ready`). Empty: always met. */
export interface ScanGate {
  /** The lowest acceptable score, a whole number from 0 to 100. */
  readonly failUnder?: number;
  readonly require?: GateRequirement;
}

/** Whether a scan met its gate; when not, one phrase per unmet condition, in Vetted's words. */
export type GateVerdict = { readonly met: true } | { readonly met: false; readonly unmet: readonly string[] };

const ACCEPTED: Readonly<Record<GateRequirement, readonly ReadinessValue[]>> = {
  ready: ['ready'],
  limited: ['limited', 'ready'],
};

/**
 * Judges a scan's score and readiness (as the scan outcome reports them) against a gate. A score
 * equal to `failUnder` meets it; no score (a site that could not be reached) meets no `failUnder`.
 * Unmet conditions read "score 64 is under 70", "no score: the site could not be reached" and
 * "readiness limited is not ready".
 */
export function judgeScanGate(gate: ScanGate, scan: { readonly score: number | null; readonly readiness: ReadinessValue }): GateVerdict {
  const unmet: string[] = [];
  if (gate.failUnder !== undefined) {
    if (scan.score === null) unmet.push('no score: the site could not be reached');
    else if (scan.score < gate.failUnder) unmet.push(`score ${scan.score} is under ${gate.failUnder}`);
  }
  if (gate.require !== undefined && !ACCEPTED[gate.require].includes(scan.readiness)) {
    unmet.push(`readiness ${scan.readiness} is not ${ACCEPTED[gate.require].join(' or ')}`);
  }
  return unmet.length === 0 ? { met: true } : { met: false, unmet };
}
