import { inject, injectable } from 'inversify';
import type { DomainName } from '../../domain/domain-name.js';
import { BRAND_DOMAINS, WORD_BRAND_LABELS } from '../../domain/trust/brand-domains.js';
import { BrandCatalog } from '../../domain/trust/brand-catalog.js';
import { judgeBrand, LookalikeDetector } from '../../domain/trust/lookalike.js';
import { registryInputOf, type TrustInputs } from '../../domain/trust/trust-inputs.js';
import { assessTrust, type TrustAssessment } from '../../domain/trust/trust-score.js';
import { AppConfig } from '../ports/app-config.js';
import { Clock } from '../ports/clock.js';
import { DomainAgeSource, type DomainAgeOutcome } from '../ports/domain-age-source.js';
import { IdnaCodec } from '../ports/idna-codec.js';
import { ReputationChecks, type ReputationReport } from '../ports/reputation-checks.js';
import { TlsInspector, type TlsInspectionOutcome } from '../ports/tls-inspector.js';
import { TrustObservationStore, type StoredObservation, type StoredObservations } from '../ports/trust-observation-store.js';
import { VerifyDomain, type VerifyOutcome } from '../verify-domain.js';
import { ObservationCache } from './observation-cache.js';
import { externalFrom, registeredAtOf, tlsFromInspection, tlsFromReport } from './trust-inputs-of.js';

/** How long a live observation is reused. */
export const OBSERVATION_TTL_SECONDS = { tls: 3600, domain_age: 86_400, reputation: 3600 } as const;
/** How long this process keeps what it read of a name's observations (a write anywhere forgets it sooner). */
const OBSERVATION_CACHE_SECONDS = 300;

export interface TrustOutcome extends VerifyOutcome {
  readonly assessment: TrustAssessment;
}

/**
 * GET /verify?signals=true (and MCP check_trust): the registry answer plus trust score, level,
 * signals and agent guidance. Without `external` it makes no network call: TLS comes from the
 * latest scan or a still-fresh live check, domain age and reputation from still-fresh earlier
 * checks; what is not stored scores 0 with observed false. With `external` it runs the live checks
 * that are not fresh, all at once under one deadline, and stores what they found.
 */
@injectable()
export class AssessTrust {
  private readonly detector: LookalikeDetector;

  constructor(
    @inject(VerifyDomain) private readonly verify: VerifyDomain,
    @inject(TrustObservationStore) private readonly store: TrustObservationStore,
    @inject(ObservationCache) private readonly cache: ObservationCache,
    @inject(TlsInspector) private readonly tls: TlsInspector,
    @inject(DomainAgeSource) private readonly age: DomainAgeSource,
    @inject(ReputationChecks) private readonly reputation: ReputationChecks,
    @inject(IdnaCodec) private readonly idna: IdnaCodec,
    @inject(Clock) private readonly clock: Clock,
    @inject(AppConfig) private readonly config: AppConfig,
  ) {
    this.detector = new LookalikeDetector(new BrandCatalog([...BRAND_DOMAINS, ...config.extraBrandDomains], WORD_BRAND_LABELS));
  }

  async run(domainInput: string, options: { external: boolean }): Promise<TrustOutcome> {
    const verify = await this.verify.run(domainInput);
    const domain = verify.verdict.domain;
    const now = this.clock.now();
    const stored = await this.observationsOf(domain);
    const fresh = <T>(kind: keyof typeof OBSERVATION_TTL_SECONDS): StoredObservation<T> | undefined => {
      const o = stored[kind] as StoredObservation<T> | undefined;
      return o && now.getTime() - Date.parse(o.observedAt) < OBSERVATION_TTL_SECONDS[kind] * 1000 ? o : undefined;
    };
    let tls = fresh<TlsInspectionOutcome>('tls');
    let age = fresh<DomainAgeOutcome>('domain_age');
    let reputation = fresh<ReputationReport>('reputation');

    if (options.external && verify.verdict.kind !== 'blocked') {
      const signal = AbortSignal.timeout(this.config.externalDeadlineMs);
      const observedAt = now.toISOString();
      const [liveTls, liveAge, liveReputation] = await Promise.all([
        tls ? undefined : this.tls.inspect(domain, { signal }),
        age ? undefined : this.age.registrationDate(domain, { signal }),
        reputation ? undefined : this.reputation.check(domain, { zones: this.config.externalDnsblZones, signal }),
      ]);
      // Only answers are kept for reuse; a failure is tried again next time.
      if (liveTls) tls = await this.keep(domain, 'tls', observedAt, liveTls, !('error' in liveTls));
      if (liveAge) age = await this.keep(domain, 'domain_age', observedAt, liveAge, !('error' in liveAge));
      if (liveReputation) reputation = await this.keep(domain, 'reputation', observedAt, liveReputation, true);
    }

    const inputs: TrustInputs = {
      registry: registryInputOf(verify.verdict),
      brand: judgeBrand(domain, this.detector, this.idna.toUnicode(domain)),
      registeredAt: age ? registeredAtOf(age.value) : null,
      tls: tls ? tlsFromInspection(tls.value, tls.observedAt) : tlsFromReport(verify.latestReport),
      external: reputation ? externalFrom(reputation.value, verify.readiness.value) : null,
    };
    return { ...verify, assessment: assessTrust(inputs, now) };
  }

  private async observationsOf(domain: DomainName): Promise<StoredObservations> {
    const cached = this.cache.get(domain);
    if (cached) return cached;
    // Taken before the read: an observation stored while we read must not be cached over.
    const stamp = this.cache.stamp();
    const stored = await this.store.get(domain);
    this.cache.set(domain, stored, OBSERVATION_CACHE_SECONDS, stamp);
    return stored;
  }

  private async keep<T>(domain: DomainName, kind: keyof typeof OBSERVATION_TTL_SECONDS, observedAt: string, value: T, store: boolean): Promise<StoredObservation<T>> {
    const observation = { observedAt, value };
    if (store) {
      await this.store.put(domain, kind, observation);
      this.cache.delete(domain);
    }
    return observation;
  }
}
