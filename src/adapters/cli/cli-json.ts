import type { QueueCounts } from '../../application/ports/job-queue.js';
import type { BlockedDomain } from '../../domain/blocked-domain.js';

// The CLI's --json answers that no other adapter gives, in the API's snake_case.

/** One block of `vetted block list --json`. */
export function blockJson(block: BlockedDomain): Record<string, unknown> {
  return { domain: block.domain, reason: block.reason, blocked_at: block.blockedAt };
}

/** One queue of `vetted jobs --json`. */
export function queueJson(queue: QueueCounts): Record<string, unknown> {
  return { kind: queue.kind, waiting: queue.waiting, active: queue.active, failed: queue.failed, completed: queue.completed };
}
