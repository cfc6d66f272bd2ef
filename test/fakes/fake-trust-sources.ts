import type { DomainAgeOutcome, DomainAgeSource } from '../../src/application/ports/domain-age-source.js';
import type { ReputationChecks, ReputationReport } from '../../src/application/ports/reputation-checks.js';
import type { TlsInspectionOutcome, TlsInspector } from '../../src/application/ports/tls-inspector.js';
import type { ObservationKind, StoredObservation, TrustObservationStore } from '../../src/application/ports/trust-observation-store.js';

/** Live sources answering what a test sets, counting calls; `hang` never answers until aborted. */
export class FakeTrustSources implements TlsInspector, DomainAgeSource, ReputationChecks {
  calls = { tls: 0, age: 0, reputation: 0 };
  tlsAnswer: TlsInspectionOutcome | 'hang' = {
    valid: true,
    authorizationError: null,
    hostnameMatches: true,
    validFrom: '2026-01-01T00:00:00.000Z',
    validTo: '2027-01-01T00:00:00.000Z',
    daysToExpiry: 100,
    issuer: 'CN=ca',
    subject: 'CN=x',
    subjectAltNames: ['x'],
  };
  ageAnswer: DomainAgeOutcome | 'hang' = { registeredAt: '2010-01-01T00:00:00.000Z', source: 'https://rdap.example/' };
  reputationAnswer: ReputationReport = {
    blocklists: [{ zone: 'dbl.example.org', listed: false }],
    spf: { published: true },
    dmarc: { published: true, policy: 'reject' },
  };

  inspect(_d: string, options?: { signal?: AbortSignal }): Promise<TlsInspectionOutcome> {
    this.calls.tls++;
    return this.answer(this.tlsAnswer, options?.signal);
  }
  registrationDate(_d: string, options?: { signal?: AbortSignal }): Promise<DomainAgeOutcome> {
    this.calls.age++;
    return this.answer(this.ageAnswer, options?.signal);
  }
  async check(): Promise<ReputationReport> {
    this.calls.reputation++;
    return this.reputationAnswer;
  }

  private answer<T>(answer: T | 'hang', signal?: AbortSignal): Promise<T> {
    if (answer !== 'hang') return Promise.resolve(answer);
    return new Promise((resolve) => signal?.addEventListener('abort', () => resolve({ error: 'timeout', message: 'aborted' } as T)));
  }
}

export class InMemoryTrustObservationStore implements TrustObservationStore {
  readonly rows = new Map<string, StoredObservation<unknown>>();
  async put<T>(domain: string, kind: ObservationKind, observation: StoredObservation<T>): Promise<void> {
    this.rows.set(`${domain} ${kind}`, observation);
  }
  async get(domain: string): Promise<Partial<Record<ObservationKind, StoredObservation<unknown>>>> {
    const out: Partial<Record<ObservationKind, StoredObservation<unknown>>> = {};
    for (const kind of ['tls', 'domain_age', 'reputation'] as const) {
      const o = this.rows.get(`${domain} ${kind}`);
      if (o) out[kind] = o;
    }
    return out;
  }
}
