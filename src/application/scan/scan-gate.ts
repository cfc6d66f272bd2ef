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
 * equal to `failUnder` meets it. Unmet conditions read "score 64 is under 70" and "readiness
 * limited is not ready".
 */
export function judgeScanGate(gate: ScanGate, scan: { readonly score: number; readonly readiness: ReadinessValue }): GateVerdict {
  const unmet: string[] = [];
  if (gate.failUnder !== undefined && scan.score < gate.failUnder) unmet.push(`score ${scan.score} is under ${gate.failUnder}`);
  if (gate.require !== undefined && !ACCEPTED[gate.require].includes(scan.readiness)) {
    unmet.push(`readiness ${scan.readiness} is not ${ACCEPTED[gate.require].join(' or ')}`);
  }
  return unmet.length === 0 ? { met: true } : { met: false, unmet };
}
