/**
 * How long background work may hold what it claimed before it counts as crashed. A job's lease is
 * the queue's; a proof's claim is the database's and outlasts the job's lease, so a crashed batch
 * is retried while its proofs are still held. The composition root binds DEFAULT_JOB_TIMINGS; tests
 * of crashes bind shorter ones.
 */
export interface JobTimings {
  /** A `scan.run` job: past the scan's own 20 s deadline, so only a hung or dead worker loses it (a dead one sooner, by the queue's heartbeat). */
  readonly scanLeaseSeconds: number;
  /** A `proof.recheck` job (one batch of proofs). */
  readonly recheckLeaseSeconds: number;
  /** A proof claimed by the sweep or `vetted recheck`. */
  readonly recheckClaimSeconds: number;
  /**
   * How long `GET /scans/{id}` waits for a scan to end before it shows the scan's progress (25 s by
   * default: past the scan's own 20 s deadline, so a person is usually sent straight to the report).
   */
  readonly progressPageWaitMs?: number;
}
export const JobTimings = Symbol('JobTimings');

export const DEFAULT_JOB_TIMINGS: JobTimings = Object.freeze({
  scanLeaseSeconds: 60,
  recheckLeaseSeconds: 600,
  recheckClaimSeconds: 900,
  progressPageWaitMs: 25_000,
});
