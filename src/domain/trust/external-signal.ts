import type { ReadinessValue } from '../scan/readiness.js';
import type { SignalBase } from './signal-base.js';
import { unobservedReason } from './signal-reasons.js';
import { isFailure, type ExternalObservations, type Failure } from './trust-inputs.js';

/** Points of each external check; they add up to the external signal's 15. */
export const EXTERNAL_CHECK_POINTS = {
  /** Listed on no DNS blocklist. A listing scores the whole external signal 0. */
  blocklists: 5,
  /** An SPF record is published. */
  spf: 3,
  /** A DMARC record is published. */
  dmarc: 3,
  /** Latest scan `ready`; `limited` earns READINESS_LIMITED_POINTS, `unknown` nothing. */
  readiness: 4,
} as const;
export const READINESS_LIMITED_POINTS = 2;

/** One check's result as reported: its points and what it found, or its error. */
export type CheckResult<T> = ({ readonly score: number; readonly max: number } & T) | { readonly score: 0; readonly max: number; readonly error: string };

export interface ExternalChecks {
  readonly blocklists: CheckResult<{ readonly listed: boolean; readonly listed_on: readonly string[] }>;
  readonly spf: CheckResult<{ readonly published: boolean }>;
  readonly dmarc: CheckResult<{ readonly published: boolean }>;
  readonly readiness: CheckResult<{ readonly value: ReadinessValue }>;
}

export interface ExternalSignal extends SignalBase {
  /** Each check's result, or null when the external checks were not run. */
  readonly checks: ExternalChecks | null;
}

/**
 * External signal (max 15): not listed on any DNS blocklist 5, SPF published 3, DMARC published 3,
 * latest scan readiness `ready` 4 or `limited` 2. A blocklist listing scores the whole signal 0
 * (the checks still show what they found). A failed check earns nothing and carries its error;
 * the signal is observed when at least one check answered.
 */
export function externalSignal(external: ExternalObservations | null | Failure): ExternalSignal {
  const max = EXTERNAL_CHECK_POINTS.blocklists + EXTERNAL_CHECK_POINTS.spf + EXTERNAL_CHECK_POINTS.dmarc + EXTERNAL_CHECK_POINTS.readiness;
  if (external === null) return { score: 0, max, observed: false, reason: unobservedReason('external', undefined), checks: null };
  if (isFailure(external))
    return { score: 0, max, observed: false, error: external.error, reason: unobservedReason('external', external.error, external.observedAt), checks: null };

  const checks: ExternalChecks = {
    blocklists: check(external.blocklists, EXTERNAL_CHECK_POINTS.blocklists, (r) => ({
      score: r.listedOn.length === 0 ? EXTERNAL_CHECK_POINTS.blocklists : 0,
      listed: r.listedOn.length > 0,
      listed_on: [...r.listedOn],
    })),
    spf: check(external.spf, EXTERNAL_CHECK_POINTS.spf, (r) => ({
      score: r.published ? EXTERNAL_CHECK_POINTS.spf : 0,
      published: r.published,
    })),
    dmarc: check(external.dmarc, EXTERNAL_CHECK_POINTS.dmarc, (r) => ({
      score: r.published ? EXTERNAL_CHECK_POINTS.dmarc : 0,
      published: r.published,
    })),
    readiness: check(external.readiness, EXTERNAL_CHECK_POINTS.readiness, (r) => ({
      score: r.value === 'ready' ? EXTERNAL_CHECK_POINTS.readiness : r.value === 'limited' ? READINESS_LIMITED_POINTS : 0,
      value: r.value,
    })),
  };
  const results = [checks.blocklists, checks.spf, checks.dmarc, checks.readiness];
  const errors = results.flatMap((r) => ('error' in r ? [r.error] : []));
  if (errors.length === results.length) return { score: 0, max, observed: false, error: errors[0]!, reason: unobservedReason('external', errors[0]), checks };
  const listedOn = 'listed_on' in checks.blocklists ? checks.blocklists.listed_on : [];
  const score = listedOn.length > 0 ? 0 : results.reduce((sum, r) => sum + r.score, 0);
  return {
    score,
    max,
    observed: true,
    ...(listedOn.length > 0 ? { error: 'listed', reason: `Listed on ${listedOn.join(', ')}; a listing scores the whole signal 0.` } : {}),
    checks,
  };
}

/** The blocklists that list the domain, per the external signal (empty when not listed or not checked). */
export function blocklistListings(signal: ExternalSignal): readonly string[] {
  const blocklists = signal.checks?.blocklists;
  return blocklists !== undefined && 'listed_on' in blocklists ? blocklists.listed_on : [];
}

function check<I extends object, O extends { score: number }>(
  input: I | Failure,
  max: number,
  judge: (result: I) => O,
): ({ readonly max: number } & O) | { readonly score: 0; readonly max: number; readonly error: string } {
  if (isFailure(input)) return { score: 0, max, error: input.error };
  const { score, ...found } = judge(input);
  return { score, max, ...found } as { readonly max: number } & O;
}
