import type { JobKind } from '../../application/ports/job-queue.js';

// A record rather than a list, so that a kind added to JobData and forgotten here fails to compile.
const KINDS: Record<JobKind, true> = { 'proof.sweep': true, 'proof.recheck': true, 'observations.sweep': true, 'observations.refresh': true, 'scan.run': true, 'events.detect': true, 'events.sweep': true, 'webhook.deliver': true, 'ownership.check': true };

/** Every job kind, in a fixed order: the queues an adapter creates and counts. */
export const JOB_KINDS: readonly JobKind[] = Object.keys(KINDS) as JobKind[];
