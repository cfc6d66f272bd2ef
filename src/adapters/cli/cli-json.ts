import type { ApiKeySummary } from '../../application/ports/api-key-store.js';
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

/** One key of `vetted key list --json` (never the key itself, which is not stored). */
export function apiKeyJson(key: ApiKeySummary): Record<string, unknown> {
  return {
    key_id: key.id,
    tier: key.tier,
    name: key.name,
    entity_id: key.entityId,
    created_at: key.createdAt,
    revoked_at: key.revokedAt,
    last_used_at: key.lastUsedAt,
  };
}
