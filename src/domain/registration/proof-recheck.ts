/** Proof of control must stay in place: how often it is checked again, and when failures revoke. */
export const RECHECK_POLICY = {
  /** A proof that held is checked again after this long. */
  intervalAfterSuccessDays: 30,
  /** After a failure, checked again after this long. */
  intervalAfterFailureHours: 24,
  /** Failed checks in a row that revoke the entity ... */
  failuresToRevoke: 3,
  /** ... when they span at least this long. */
  failureSpanHours: 72,
} as const;

/** The re-check state of one verified entity's proof. */
export interface ProofState {
  readonly lastCheckedAt: string;
  readonly failures: number;
  readonly firstFailureAt: string | null;
}

/** When the proof is due for its next look: 30 days after a success, a day after a failure (ISO 8601 UTC). */
export function nextRecheckAt(state: ProofState): string {
  const waitMs = state.failures === 0 ? RECHECK_POLICY.intervalAfterSuccessDays * 86_400_000 : RECHECK_POLICY.intervalAfterFailureHours * 3_600_000;
  return new Date(Date.parse(state.lastCheckedAt) + waitMs).toISOString();
}

/** True when the proof is due for another look at `now`. */
export function isRecheckDue(state: ProofState, now: Date): boolean {
  return now.getTime() >= Date.parse(nextRecheckAt(state));
}

/** The state after a check, and whether the entity must be revoked now. */
export function afterRecheck(state: ProofState, proven: boolean, now: Date): { state: ProofState; revoke: boolean } {
  const at = now.toISOString();
  if (proven) return { state: { lastCheckedAt: at, failures: 0, firstFailureAt: null }, revoke: false };
  const firstFailureAt = state.firstFailureAt ?? at;
  const failures = state.failures + 1;
  const spanHours = (now.getTime() - Date.parse(firstFailureAt)) / 3_600_000;
  return {
    state: { lastCheckedAt: at, failures, firstFailureAt },
    revoke: failures >= RECHECK_POLICY.failuresToRevoke && spanHours >= RECHECK_POLICY.failureSpanHours,
  };
}
