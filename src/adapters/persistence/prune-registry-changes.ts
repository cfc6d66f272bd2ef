import type { Knex } from 'knex';
import type { Clock } from '../../application/ports/clock.js';
import type { Logger } from '../../application/ports/logger.js';

/** How long a row of registry_changes is kept: far longer than any feed takes to read it. */
const REGISTRY_CHANGE_RETENTION_MS = 10 * 60_000;

/**
 * Deletes changes older than the retention. Idempotent, so every process may run it. Checks first,
 * so that on SQLite an idle tick does not take the database's one write lock. With `keepOwedMs`
 * (CDN purging on) a change whose purge is still owed is kept that long instead (see PurgeBacklog).
 */
export async function pruneRegistryChanges(db: Knex, now: Date, keepOwedMs?: number): Promise<void> {
  const cutoff = new Date(now.getTime() - REGISTRY_CHANGE_RETENTION_MS).toISOString();
  const owedCutoff = new Date(now.getTime() - (keepOwedMs ?? 0)).toISOString();
  const old = (q: Knex.QueryBuilder) => {
    q.where('changed_at', '<', cutoff);
    if (keepOwedMs !== undefined) q.andWhere((owed) => owed.whereNotNull('purged_at').orWhere('changed_at', '<', owedCutoff));
  };
  if (await db('registry_changes').where(old).first('id')) await db('registry_changes').where(old).delete();
}

/**
 * Prunes every `intervalMs`, one run at a time; a failure is logged once per outage. Returns how
 * to stop: the timer stops and a run in progress is awaited, so the pool is never closed under it.
 */
export function schedulePruning(db: Knex, clock: Clock, logger: Logger, intervalMs: number, keepOwedMs?: number): () => Promise<void> {
  let running: Promise<void> | undefined;
  let failing = false;
  const timer = setInterval(() => {
    if (running !== undefined) return;
    running = pruneRegistryChanges(db, clock.now(), keepOwedMs)
      .then(() => {
        failing = false;
      })
      .catch((error: unknown) => {
        if (!failing) logger.warn({ err: error }, 'cannot prune registry_changes; will retry');
        failing = true;
      })
      .finally(() => {
        running = undefined;
      });
  }, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
