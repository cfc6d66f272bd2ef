import { inject, injectable } from 'inversify';
import type { DomainName } from '../../domain/domain-name.js';
import { AppConfig } from '../ports/app-config.js';
import { DomainAgeSource } from '../ports/domain-age-source.js';
import { ReputationChecks } from '../ports/reputation-checks.js';
import { Timers } from '../ports/timers.js';
import { TlsInspector } from '../ports/tls-inspector.js';
import { TrustObservationStore, type ObservationKind, type StoredObservation, type StoredObservations } from '../ports/trust-observation-store.js';
import { ObservationCache } from './observation-cache.js';

const NO_KINDS: ReadonlySet<ObservationKind> = new Set();

/** An observation that holds an error code: a look that failed. */
export function isFailedObservation(observation: StoredObservation<unknown>): boolean {
  const value = observation.value;
  return typeof value === 'object' && value !== null && 'error' in value;
}

/**
 * Live looks at a domain (TLS handshake, RDAP registration date, DNS reputation), all at once
 * under one deadline, for `external=true` and for the background refresh of members. Answers are
 * stored for reuse and this process's cached copy forgotten at once (other processes hear of it
 * through the change feed); failures are returned but never stored, so that a passing network
 * fault never replaces a good observation (a good one that is never renewed grows stale instead).
 */
@injectable()
export class LiveObservations {
  constructor(
    @inject(TrustObservationStore) private readonly store: TrustObservationStore,
    @inject(ObservationCache) private readonly cache: ObservationCache,
    @inject(TlsInspector) private readonly tls: TlsInspector,
    @inject(DomainAgeSource) private readonly age: DomainAgeSource,
    @inject(ReputationChecks) private readonly reputation: ReputationChecks,
    @inject(AppConfig) private readonly config: Pick<AppConfig, 'externalDnsblZones'>,
    @inject(Timers) private readonly timers: Timers,
  ) {}

  /**
   * Looks at the `kinds` asked within `deadlineMs`; resolves with what each look saw, stamped `now`.
   * A failed look of a kind in `keepFailures` is stored too: the first look at a name with nothing
   * stored of that kind, so that its answers say what failed instead of waiting for a look.
   */
  async look(
    domain: DomainName,
    kinds: ReadonlySet<ObservationKind>,
    deadlineMs: number,
    now: Date,
    keepFailures: ReadonlySet<ObservationKind> = NO_KINDS,
  ): Promise<StoredObservations> {
    if (kinds.size === 0) return {};
    const signal = this.timers.deadline(deadlineMs);
    const observedAt = now.toISOString();
    const [tls, age, reputation] = await Promise.all([
      kinds.has('tls') ? this.tls.inspect(domain, { signal }) : undefined,
      kinds.has('domain_age') ? this.age.registrationDate(domain, { signal }) : undefined,
      kinds.has('reputation') ? this.reputation.check(domain, { zones: this.config.externalDnsblZones, signal }) : undefined,
    ]);
    const seen: StoredObservations = {
      ...(tls ? { tls: { observedAt, value: tls } } : {}),
      ...(age ? { domain_age: { observedAt, value: age } } : {}),
      ...(reputation ? { reputation: { observedAt, value: reputation } } : {}),
    };
    let stored = false;
    for (const [kind, observation] of Object.entries(seen) as Array<[ObservationKind, StoredObservation<unknown>]>) {
      if (isFailedObservation(observation) && !keepFailures.has(kind)) continue;
      await this.store.put(domain, kind, observation);
      stored = true;
    }
    if (stored) this.cache.delete(domain);
    return seen;
  }
}
