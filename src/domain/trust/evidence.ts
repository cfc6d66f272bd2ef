import { withReason, type AgentGuidance } from './agent-guidance.js';
import { OBSERVED_SIGNALS, type Evidence, type FirstLook } from './evidence-shape.js';
import { unobservedSegment } from './score-reason.js';
import type { ObservedSignal } from './signal-reasons.js';
import type { TrustAssessment } from './trust-score.js';
import type { TrustSignals } from './trust-signals.js';

export { OBSERVED_SIGNALS, type Evidence, type FirstLook };

/** True when `signal` was never looked at, or its last look is too old to score. */
export function notLookedAt(signal: { readonly observed: boolean; readonly error?: string }): boolean {
  return !signal.observed && (signal.error === undefined || signal.error === 'stale');
}

/** The observed signals of `signals` that were not looked at (see notLookedAt). */
export function missingSignals(signals: TrustSignals): ObservedSignal[] {
  return OBSERVED_SIGNALS.filter((name) => notLookedAt(signals[name]));
}

/**
 * `assessment` with what it rests on: `evidence`, `pending: true` on each signal a queued look will
 * observe, and an agent_guidance reason that begins by saying the verdict rests on incomplete
 * evidence and when to ask again (or that external=true looks at once). `oldest` is the instant of
 * the oldest observation scored. The score, level and action are unchanged: an answer never scores
 * what it did not see.
 */
export function withEvidence(assessment: TrustAssessment, look: FirstLook, oldest: string | undefined, now: Date): TrustAssessment {
  const missing = missingSignals(assessment.signals);
  const age =
    oldest === undefined ? {} : { oldest_observed_at: oldest, oldest_age_seconds: Math.max(0, Math.floor((now.getTime() - Date.parse(oldest)) / 1000)) };
  const failed = OBSERVED_SIGNALS.filter((name) => !assessment.signals[name].observed && !notLookedAt(assessment.signals[name]));
  if (missing.length === 0) {
    const evidence: Evidence = { complete: true, failed, pending: [], ...age };
    if (failed.length === 0) return { ...assessment, evidence };
    return { ...assessment, evidence, agent_guidance: prefixReason(assessment.agent_guidance, failedReason(assessment.signals, failed), assessment.signals) };
  }
  const pending = look.kind === 'queued' || look.kind === 'waiting' ? missing : [];
  const mark = <K extends ObservedSignal>(name: K): TrustSignals[K] =>
    pending.includes(name) ? { ...assessment.signals[name], pending: true } : assessment.signals[name];
  const signals: TrustSignals = { ...assessment.signals, domain_age: mark('domain_age'), ssl: mark('ssl'), external: mark('external') };
  const evidence: Evidence = {
    complete: false,
    failed,
    pending,
    ...(pending.length > 0 && 'retryAfterSeconds' in look ? { retry_after_seconds: look.retryAfterSeconds } : {}),
    ...age,
  };
  const why = incompleteReason(missing, look) + (failed.length > 0 ? ` ${failedReason(assessment.signals, failed)}` : '');
  return { ...assessment, signals, evidence, agent_guidance: prefixReason(assessment.agent_guidance, why, assessment.signals) };
}

// The evidence account replaces scoreReason's shorter "Not looked at:" sentence, which says less.
function prefixReason(guidance: AgentGuidance, why: string, signals: TrustSignals): AgentGuidance {
  if (!guidance.reason) return withReason(guidance, why);
  const segment = unobservedSegment(signals);
  const rest = segment === '' ? guidance.reason : guidance.reason.replace(` ${segment}`, '');
  return { ...guidance, reason: `${why} ${rest}` };
}

function failedReason(signals: TrustSignals, failed: readonly ObservedSignal[]): string {
  const which = failed.map((name) => `${name} (${signals[name].error ?? 'failed'})`).join(', ');
  return `The last look at ${which} failed, so ${failed.length === 1 ? 'it scores' : 'they score'} 0 and the score is a lower bound: add external=true to look again.`;
}

function incompleteReason(missing: readonly ObservedSignal[], look: FirstLook): string {
  const names = missing.join(', ');
  const lead = `This verdict rests on incomplete evidence: ${names} ${missing.length === 1 ? 'was' : 'were'} not looked at yet and score 0.`;
  switch (look.kind) {
    case 'queued':
      return `${lead} A look is queued: ask again in ${look.retryAfterSeconds} s, or add external=true to look now.`;
    case 'waiting':
      return `${lead} The budget of looks is spent for now: ask again in ${look.retryAfterSeconds} s to have one queued, or add external=true to look now.`;
    default:
      return `${lead} Add external=true to look now.`;
  }
}
