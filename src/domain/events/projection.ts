import type { BlockedDomain } from '../blocked-domain.js';
import { coveringNames, type DomainName } from '../domain-name.js';
import type { Entity } from '../entity.js';
import { judgeRegistry, type RegistryRecords } from '../registry-verdict.js';
import { judgeReadiness } from '../scan/readiness.js';
import type { ReportSummary } from '../scan/report.js';
import { diffWatchedStates, watchedStateOf, type EventDraft, type WatchedState } from './watched-state.js';

/** One registry write, as the database recorded it when it happened. */
export type RegistryChange =
  | { readonly kind: 'entity'; readonly at: string; readonly name: string; readonly entity: Entity }
  | { readonly kind: 'block'; readonly at: string; readonly name: string; readonly block: BlockedDomain }
  | { readonly kind: 'unblock'; readonly at: string; readonly name: string }
  | { readonly kind: 'report'; readonly at: string; readonly name: string; readonly report: ReportSummary }
  /** A payment destination or key bound to (or unbound from) the entity of `name`: told as it is, it changes no verdict. */
  | { readonly kind: 'counterparty'; readonly at: string; readonly name: string; readonly fact: Readonly<Record<string, unknown>> };

/** What a watched domain's verdict is judged from, kept up to date write by write, and the state last announced. */
export interface WatchProjection {
  readonly records: RegistryRecords;
  readonly latestReport: ReportSummary | null;
  readonly state: WatchedState;
}

/** The projection of what the store holds for `domain` now. */
export function projectionOf(domain: DomainName, records: RegistryRecords, latestReport: ReportSummary | null, now: Date): WatchProjection {
  const kept = { entities: records.entities, blocks: records.blocks };
  return { records: kept, latestReport, state: stateAt(domain, kept, latestReport, now) };
}

/** Whether a write under `name` can change what `domain` is judged from. */
function changeConcerns(domain: DomainName, change: RegistryChange): boolean {
  if (change.kind === 'report' || change.kind === 'counterparty') return change.name === domain;
  return coveringNames(domain).includes(change.name as DomainName);
}

/**
 * Applies one write to a domain's projection and judges the domain at the write's own instant,
 * so that two writes a moment apart (a block lifted at once) are two changes, each announced:
 * the events between the state before and after. Replaying a write already applied changes
 * nothing, so the projection may safely start from a read that already saw it.
 */
export function applyChange(domain: DomainName, projection: WatchProjection, change: RegistryChange): { projection: WatchProjection; events: EventDraft[] } {
  if (!changeConcerns(domain, change)) return { projection, events: [] };
  if (change.kind === 'counterparty') {
    const { bound, ...fact } = change.fact;
    return { projection, events: [{ type: 'entity.counterparty.changed', previous: bound ? {} : fact, current: bound ? fact : {} }] };
  }
  let { entities, blocks } = projection.records;
  let latest = projection.latestReport;
  switch (change.kind) {
    case 'entity':
      // An entity moved to another name leaves the names it no longer covers.
      entities = [...entities.filter((e) => e.id !== change.entity.id), ...(coveringNames(domain).includes(change.entity.domain) ? [change.entity] : [])];
      break;
    case 'block':
      blocks = [...blocks.filter((b) => b.domain !== change.block.domain), change.block];
      break;
    case 'unblock':
      blocks = blocks.filter((b) => b.domain !== change.name);
      break;
    case 'report':
      if (latest === null || change.report.scannedAt >= latest.scannedAt) latest = change.report;
      break;
  }
  return rejudge(domain, { records: { entities, blocks }, latestReport: latest, state: projection.state }, new Date(change.at));
}

/** Judges a projection again at `now`: what time alone changes (an expiry, a report going stale). */
export function rejudge(domain: DomainName, projection: WatchProjection, now: Date): { projection: WatchProjection; events: EventDraft[] } {
  const state = stateAt(domain, projection.records, projection.latestReport, now);
  return { projection: { ...projection, state }, events: diffWatchedStates(projection.state, state) };
}

function stateAt(domain: DomainName, records: RegistryRecords, latest: ReportSummary | null, now: Date): WatchedState {
  return watchedStateOf(judgeRegistry(domain, records, now), records, latest?.id ?? null, judgeReadiness(latest ?? undefined, now).value);
}
