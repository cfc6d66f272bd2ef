import { entityCovers } from '../entity.js';
import type { RegistryRecords, RegistryVerdict } from '../registry-verdict.js';
import type { ReadinessValue } from '../scan/readiness.js';

/** The event types a watch can ask for. */
export const EVENT_TYPES = [
  'entity.verified',
  'entity.revoked',
  'entity.expired',
  'domain.blocked',
  'domain.unblocked',
  'report.created',
  'readiness.changed',
  'entity.counterparty.changed',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/** What a watch follows about a domain: its registry status, its entity, its latest report and readiness. */
export interface WatchedState {
  /** revoked: no current entity, and one that covered the name was revoked. */
  readonly registry: 'verified' | 'not_verified' | 'expired' | 'revoked' | 'blocked';
  readonly entityId: string | null;
  readonly reportId: string | null;
  readonly readiness: ReadinessValue;
}

/** One change between two states, before it is dated and numbered. */
export interface EventDraft {
  readonly type: EventType;
  readonly previous: Readonly<Record<string, unknown>>;
  readonly current: Readonly<Record<string, unknown>>;
}

/** The state a verdict, the records it was judged from, the latest report and its readiness show. */
export function watchedStateOf(verdict: RegistryVerdict, records: RegistryRecords, reportId: string | null, readiness: ReadinessValue): WatchedState {
  if (verdict.kind === 'blocked') return { registry: 'blocked', entityId: null, reportId, readiness };
  if (verdict.kind === 'verified' || verdict.kind === 'expired') return { registry: verdict.kind, entityId: verdict.entity.id, reportId, readiness };
  const revoked = records.entities.find((e) => e.status === 'revoked' && entityCovers(e, verdict.domain));
  return revoked ? { registry: 'revoked', entityId: revoked.id, reportId, readiness } : { registry: 'not_verified', entityId: null, reportId, readiness };
}

/**
 * The events between the state last announced and the state now, in a fixed order: registry
 * events first (blocked or unblocked, then verified, revoked or expired; leaving a block gives
 * only domain.unblocked, whose `current` carries the status the name returns to), then
 * report.created, then readiness.changed. Equal states give none, so announcing a state twice
 * announces nothing.
 */
export function diffWatchedStates(previous: WatchedState, current: WatchedState): EventDraft[] {
  const events: EventDraft[] = [];
  const registry = (type: EventType) =>
    events.push({
      type,
      previous: { registry: previous.registry, entity_id: previous.entityId },
      current: { registry: current.registry, entity_id: current.entityId },
    });
  if (previous.registry !== 'blocked' && current.registry === 'blocked') registry('domain.blocked');
  if (previous.registry === 'blocked' && current.registry !== 'blocked') registry('domain.unblocked');
  // Out of a block, domain.unblocked already says the registry status the name returns to.
  if (current.registry === 'verified' && previous.registry !== 'blocked' && (previous.registry !== 'verified' || previous.entityId !== current.entityId))
    registry('entity.verified');
  if (previous.registry === 'verified' && current.registry === 'revoked') registry('entity.revoked');
  if (previous.registry === 'verified' && current.registry === 'expired') registry('entity.expired');
  if (current.reportId !== null && current.reportId !== previous.reportId)
    events.push({ type: 'report.created', previous: { report_id: previous.reportId }, current: { report_id: current.reportId } });
  if (current.readiness !== previous.readiness)
    events.push({ type: 'readiness.changed', previous: { readiness: previous.readiness }, current: { readiness: current.readiness } });
  return events;
}
