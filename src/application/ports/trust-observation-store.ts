/** The kinds of live observation the trust signals keep. */
export type ObservationKind = 'tls' | 'domain_age' | 'reputation';

export interface StoredObservation<T> {
  readonly observedAt: string;
  readonly value: T;
}

/** Every stored observation of one domain, by kind. */
export type StoredObservations = Partial<Record<ObservationKind, StoredObservation<unknown>>>;

/**
 * Keeps the latest live observation of each kind per domain, so that later answers reuse it while
 * it is fresh (TLS 1 hour, domain age 24 hours) without any network call.
 * Adapters: KnexTrustObservationStore. Fake: InMemoryTrustObservationStore.
 */
export interface TrustObservationStore {
  /** Stores (or replaces) the observation. `value` must be JSON-serializable. */
  put<T>(domain: string, kind: ObservationKind, observation: StoredObservation<T>): Promise<void>;
  /** Every stored observation of the domain, by kind. */
  get(domain: string): Promise<StoredObservations>;
}
export const TrustObservationStore = Symbol('TrustObservationStore');
