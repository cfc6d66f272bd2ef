import { inject, injectable } from 'inversify';
import type { Knex } from 'knex';
import type { AttemptDecision, DeliveryAttempt, NewEvent, PendingDelivery, ProjectionStep, WebhookOutbox } from '../../application/ports/webhook-outbox.js';
import type { DomainName } from '../../domain/domain-name.js';
import type { RegistryChange, WatchProjection } from '../../domain/events/projection.js';
import type { EventType } from '../../domain/events/watched-state.js';
import type { ReportSummary } from '../../domain/scan/report.js';
import { toEntity, type EntityRow } from './entity-rows.js';
import { Database } from './create-knex.js';

/** Events, deliveries and attempts in SQLite or PostgreSQL. */
@injectable()
export class KnexWebhookOutbox implements WebhookOutbox {
  constructor(@inject(Database) private readonly db: Knex) {}

  async applyChanges(
    limit: number,
    apply: (domain: string, projection: WatchProjection, change: RegistryChange) => ProjectionStep,
    newDeliveryId: () => string,
  ): Promise<{ processed: number; watchIds: string[] }> {
    return this.db.transaction(async (trx) => {
      await lock(trx);
      const rows: ChangeRow[] = await trx('watch_changes').where({ processed: 0 }).orderBy('seq').limit(limit);
      if (rows.length === 0) return { processed: 0, watchIds: [] };
      const names = [...new Set(rows.map((r) => r.name))];
      const states: StateRow[] = await trx('watch_states').where((q) => {
        q.whereIn('domain', names);
        for (const name of names) q.orWhere('domain', 'like', `%.${name}`);
      });
      const given = new Set<string>();
      for (const state of states) {
        let projection = JSON.parse(state.projection) as WatchProjection;
        const events: NewEvent[] = [];
        for (const row of rows) {
          if (row.seq <= Number(state.as_of_seq)) continue;
          const step = apply(state.domain, projection, toChange(row));
          projection = step.projection;
          events.push(...step.events);
        }
        for (const id of await store(trx, state.domain, events, newDeliveryId)) given.add(id);
        await trx('watch_states')
          .where({ domain: state.domain })
          .update({ projection: JSON.stringify(projection), updated_at: rows[rows.length - 1]!.changed_at });
      }
      await trx('watch_changes')
        .whereIn(
          'seq',
          rows.map((r) => r.seq),
        )
        .update({ processed: 1 });
      return { processed: rows.length, watchIds: [...given] };
    });
  }

  async rejudgeAll(judge: (domain: string, projection: WatchProjection) => ProjectionStep, newDeliveryId: () => string): Promise<string[]> {
    const domains: Array<{ domain: string }> = await this.db('watch_states').select('domain');
    const given = new Set<string>();
    for (const { domain } of domains) {
      await this.db.transaction(async (trx) => {
        await lock(trx);
        const state: StateRow | undefined = await trx('watch_states').where({ domain }).first();
        if (!state) return;
        const step = judge(domain, JSON.parse(state.projection) as WatchProjection);
        if (step.events.length === 0) return;
        for (const id of await store(trx, domain, step.events, newDeliveryId)) given.add(id);
        await trx('watch_states')
          .where({ domain })
          .update({ projection: JSON.stringify(step.projection), updated_at: step.events[0]!.createdAt });
      });
    }
    return [...given];
  }

  async pruneChanges(before: string): Promise<number> {
    return this.db('watch_changes').where({ processed: 1 }).andWhere('changed_at', '<', before).delete();
  }

  async claimTurn(watchId: string, until: string, now: string): Promise<'claimed' | 'busy' | 'inactive'> {
    const claimed = await this.db('watches')
      .where({ id: watchId, status: 'active' })
      .andWhere((q) => q.whereNull('delivering_until').orWhere('delivering_until', '<', now))
      .update({ delivering_until: until });
    if (claimed > 0) return 'claimed';
    const active = await this.db('watches').where({ id: watchId, status: 'active' }).first('id');
    return active ? 'busy' : 'inactive';
  }

  async releaseTurn(watchId: string): Promise<void> {
    await this.db('watches').where({ id: watchId }).update({ delivering_until: null });
  }

  async nextPending(watchId: string): Promise<PendingDelivery | undefined> {
    const row = await this.db('webhook_deliveries as d')
      .join('watches as w', 'w.id', 'd.watch_id')
      .join('watch_events as e', 'e.seq', 'd.event_seq')
      .where({ 'd.watch_id': watchId, 'd.state': 'pending', 'w.status': 'active' })
      .orderBy('d.event_seq')
      .first('d.id', 'd.watch_id', 'w.callback_url', 'w.secret', 'e.payload', 'd.attempts', 'd.next_attempt_at', 'd.first_attempt_at', 'w.failing_since');
    if (!row) return undefined;
    return {
      id: row.id,
      watchId: row.watch_id,
      callbackUrl: row.callback_url,
      secret: row.secret,
      payload: row.payload,
      attempts: Number(row.attempts),
      nextAttemptAt: row.next_attempt_at,
      firstAttemptAt: row.first_attempt_at,
      failingSince: row.failing_since,
    };
  }

  async recordAttempt(d: PendingDelivery, attempt: Omit<DeliveryAttempt, 'deliveryId' | 'eventType' | 'outcome'>, decision: AttemptDecision): Promise<void> {
    await this.db.transaction(async (trx) => {
      await trx('webhook_attempts').insert({
        delivery_id: d.id,
        watch_id: d.watchId,
        attempt: attempt.attempt,
        at: attempt.at,
        status: attempt.status,
        error: attempt.error,
        duration_ms: attempt.durationMs,
        outcome: decision.outcome,
      });
      const state = decision.outcome === 'delivered' ? 'delivered' : decision.outcome === 'failed' ? 'failed' : 'pending';
      await trx('webhook_deliveries')
        .where({ id: d.id })
        .update({
          state,
          attempts: attempt.attempt,
          first_attempt_at: d.firstAttemptAt ?? attempt.at,
          next_attempt_at: decision.nextAttemptAt ?? attempt.at,
          settled_at: state === 'pending' ? null : attempt.at,
        });
      const watch: Record<string, unknown> = { failing_since: decision.failingSince };
      if (decision.disableReason !== undefined) {
        Object.assign(watch, { status: 'disabled', disabled_reason: decision.disableReason });
        await trx('webhook_deliveries').where({ watch_id: d.watchId, state: 'pending' }).update({ state: 'failed', settled_at: attempt.at });
      }
      await trx('watches').where({ id: d.watchId }).update(watch);
    });
  }

  async attempts(watchId: string, limit: number): Promise<DeliveryAttempt[]> {
    const rows = await this.db('webhook_attempts as a')
      .join('webhook_deliveries as d', 'd.id', 'a.delivery_id')
      .join('watch_events as e', 'e.seq', 'd.event_seq')
      .where({ 'a.watch_id': watchId })
      .orderBy('a.id', 'desc')
      .limit(limit)
      .select('a.delivery_id', 'e.type', 'a.attempt', 'a.at', 'a.status', 'a.error', 'a.duration_ms', 'a.outcome');
    return rows.map((r) => ({
      deliveryId: r.delivery_id,
      eventType: r.type,
      attempt: Number(r.attempt),
      at: r.at,
      status: r.status === null ? null : Number(r.status),
      error: r.error,
      durationMs: Number(r.duration_ms),
      outcome: r.outcome,
    }));
  }

  async dueWatches(now: string, limit: number): Promise<string[]> {
    const rows = await this.db('webhook_deliveries as d')
      .join('watches as w', 'w.id', 'd.watch_id')
      .where({ 'd.state': 'pending', 'w.status': 'active' })
      .andWhere('d.next_attempt_at', '<=', now)
      .distinct('d.watch_id')
      .limit(limit);
    return rows.map((r: { watch_id: string }) => r.watch_id);
  }
}

interface ChangeRow {
  seq: number;
  name: string;
  kind: string;
  data: string;
  changed_at: string;
}

interface StateRow {
  domain: string;
  projection: string;
  as_of_seq: number | string;
}

// One turn at a time across processes: a write to the lock row takes the row lock on PostgreSQL
// and the write lock on SQLite before anything is read.
async function lock(trx: Knex.Transaction): Promise<void> {
  await trx('watch_lock').where({ id: 1 }).increment('turns', 1);
}

/** Stores events with one pending delivery per active watch of `domain` that asked for the type; returns those watches. */
async function store(trx: Knex.Transaction, domain: string, events: readonly NewEvent[], newDeliveryId: () => string): Promise<string[]> {
  if (events.length === 0) return [];
  const watches: Array<{ id: string; events: string }> = await trx('watches').where({ domain, status: 'active' }).select('id', 'events');
  const given = new Set<string>();
  for (const event of events) {
    const [inserted] = await trx('watch_events')
      .insert({ id: event.id, domain, type: event.type, payload: event.payload, created_at: event.createdAt })
      .returning('seq');
    const seq = typeof inserted === 'object' ? (inserted as { seq: number }).seq : (inserted as number);
    for (const watch of watches.filter((w) => (JSON.parse(w.events) as EventType[]).includes(event.type))) {
      given.add(watch.id);
      await trx('webhook_deliveries').insert({
        id: newDeliveryId(),
        watch_id: watch.id,
        event_seq: seq,
        state: 'pending',
        attempts: 0,
        next_attempt_at: event.createdAt,
        first_attempt_at: null,
        created_at: event.createdAt,
        settled_at: null,
      });
    }
  }
  return [...given];
}

/** A recorded write as the domain reads it; the data is the row as the trigger saw it (JSON). */
function toChange(row: ChangeRow): RegistryChange {
  const data = JSON.parse(row.data) as Record<string, unknown>;
  const at = row.changed_at;
  switch (row.kind) {
    case 'entity':
      return { kind: 'entity', at, name: row.name, entity: toEntity(data as unknown as EntityRow) };
    case 'block':
      return {
        kind: 'block',
        at,
        name: row.name,
        block: { domain: data.domain as DomainName, reason: String(data.reason), blockedAt: String(data.blocked_at) },
      };
    case 'report':
      return { kind: 'report', at, name: row.name, report: data as unknown as ReportSummary };
    case 'counterparty':
      return { kind: 'counterparty', at, name: row.name, fact: data };
    default:
      return { kind: 'unblock', at, name: row.name };
  }
}
