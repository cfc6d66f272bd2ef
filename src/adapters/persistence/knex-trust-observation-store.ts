import { inject, injectable } from 'inversify';
import type { Knex } from 'knex';
import type { ObservationKind, StoredObservation, TrustObservationStore } from '../../application/ports/trust-observation-store.js';
import { Database } from './create-knex.js';

@injectable()
export class KnexTrustObservationStore implements TrustObservationStore {
  constructor(@inject(Database) private readonly db: Knex) {}

  async put<T>(domain: string, kind: ObservationKind, observation: StoredObservation<T>): Promise<void> {
    await this.db('trust_observations')
      .insert({ domain, kind, observed_at: observation.observedAt, payload: JSON.stringify(observation.value) })
      .onConflict(['domain', 'kind'])
      .merge();
  }

  async get(domain: string): Promise<Partial<Record<ObservationKind, StoredObservation<unknown>>>> {
    const rows = await this.db('trust_observations').where({ domain }).select('kind', 'observed_at', 'payload');
    return Object.fromEntries(rows.map((r) => [r.kind, { observedAt: r.observed_at, value: JSON.parse(r.payload) }]));
  }
}
