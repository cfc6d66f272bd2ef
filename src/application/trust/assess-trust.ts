import { inject, injectable } from 'inversify';
import type { DomainName } from '../../domain/domain-name.js';
import { missingSignals, withEvidence, type FirstLook } from '../../domain/trust/evidence.js';
import { relateToExpected, withExpected, type ExpectedCounterparty } from '../../domain/trust/expected-counterparty.js';
import { registryInputOf, type BrandFinding, type Failure, type TrustInputs } from '../../domain/trust/trust-inputs.js';
import { assessTrust, type TrustAssessment } from '../../domain/trust/trust-score.js';
import { AppError } from '../errors.js';
import { requireDomainName } from '../input/domain-input.js';
import { AppConfig } from '../ports/app-config.js';
import { Clock } from '../ports/clock.js';
import { Metrics, NO_METRICS } from '../ports/metrics.js';
import type { DomainAgeOutcome } from '../ports/domain-age-source.js';
import type { ReputationReport } from '../ports/reputation-checks.js';
import type { TlsInspectionOutcome } from '../ports/tls-inspector.js';
import { TrustObservationStore, type ObservationKind, type StoredObservation, type StoredObservations } from '../ports/trust-observation-store.js';
import { VerifyDomain, type VerifyOutcome } from '../verdict/verify-domain.js';
import { BrandJudge, isPlainName } from './brand-judge.js';
import { BrandOwnership } from './brand-ownership.js';
import { FirstObservations } from './first-observations.js';
import { isFailedObservation, LiveObservations } from './live-observations.js';
import type { OwnershipRead } from './ownership-cache.js';
import { OBSERVATION_CACHE_SECONDS, ObservationCache } from './observation-cache.js';
import { externalFrom, registeredAtOf, tlsFromInspection, tlsFromReport } from './trust-inputs-of.js';

/** How long a stored observation spares a live look when `external=true` asks for one. */
export const REUSE_SECONDS: Readonly<Record<ObservationKind, number>> = { tls: 3600, domain_age: 86_400, reputation: 3600 };
/**
 * How long a stored observation is scored without `external=true`; older ones are reported as not
 * observed (`stale`). The background refresh renews active entities' observations well within
 * these: TLS and reputation daily, the registration date monthly.
 */
export const SCORE_SECONDS: Readonly<Record<ObservationKind, number>> = { tls: 2 * 86_400, domain_age: 62 * 86_400, reputation: 2 * 86_400 };

export interface TrustOutcome extends VerifyOutcome {
  readonly assessment: TrustAssessment;
  /** The stored observations the assessment was scored from (see `isCurrent`). */
  readonly observations: StoredObservations;
  /** What was read of the name's ownership, when it resembles a brand outside the catalog (see `isCurrent`). */
  readonly ownership?: OwnershipRead;
  /** With `expected`: how the name stands to the counterparty meant (see relateToExpected). */
  readonly expected?: ExpectedCounterparty;
}

/**
 * GET /verify?signals=true (and MCP check_trust): the registry answer plus trust score, level,
 * signals and agent guidance. Without `external` it makes no network call: TLS comes from a stored
 * live check or the latest scan, domain age and reputation from stored checks, each while young
 * enough to score (SCORE_SECONDS); what is missing or too old scores 0, not observed, with its
 * reason. With `external` it looks now at what was not looked at within REUSE_SECONDS, all at once
 * under one deadline, and stores what it saw. A name resembling a brand outside the catalog also
 * gets what evidence says of its ownership (BrandOwnership): read from the stored check, or made now
 * with `external` under the same deadline.
 */
@injectable()
export class AssessTrust {
  private blank: { readonly second: number; readonly assessment: TrustAssessment } | undefined;

  constructor(
    @inject(VerifyDomain) private readonly verify: VerifyDomain,
    @inject(TrustObservationStore) private readonly store: TrustObservationStore,
    @inject(ObservationCache) private readonly cache: ObservationCache,
    @inject(LiveObservations) private readonly live: LiveObservations,
    @inject(BrandJudge) private readonly brands: BrandJudge,
    @inject(Clock) private readonly clock: Clock,
    @inject(AppConfig) private readonly config: AppConfig,
    @inject(BrandOwnership) private readonly ownership: BrandOwnership,
    @inject(FirstObservations) private readonly first: FirstObservations,
    @inject(Metrics) private readonly metrics: Metrics = NO_METRICS,
  ) {}

  /** `expected`: the counterparty the agent meant (a domain), which the answer relates the name to. */
  async run(domainInput: string, options: { external: boolean; expected?: string }): Promise<TrustOutcome> {
    const meant = options.expected === undefined ? undefined : expectedDomain(options.expected);
    const verify = await this.verify.run(domainInput);
    const domain = verify.verdict.domain;
    const now = this.clock.now();
    const blocked = verify.verdict.kind === 'blocked';
    const external = options.external && !blocked;
    const stored = await this.observationsOf(domain);
    const finding = this.brandOf(domain, stored);
    const [seen, brand] = await Promise.all([
      this.seenNow(domain, stored, external, now),
      // A blocked name is answered without signals: nothing to look at or queue.
      blocked
        ? { finding, read: undefined }
        : this.ownership.apply(domain, finding, now, external ? { deadlineMs: this.config.externalDeadlineMs } : undefined),
    ]);
    const scored = <T>(kind: ObservationKind): StoredObservation<T> | Failure | null => {
      const o = seen[kind] as StoredObservation<T> | undefined;
      if (!o) return null;
      return younger(o, SCORE_SECONDS[kind], now) ? o : { error: 'stale', observedAt: o.observedAt };
    };
    const tls = scored<TlsInspectionOutcome>('tls');
    const age = scored<DomainAgeOutcome>('domain_age');
    const reputation = scored<ReputationReport>('reputation');
    const reportTls = tlsFromReport(verify.latestReport);
    const inputs: TrustInputs = {
      registry: registryInputOf(verify.verdict),
      brand: brand.finding,
      registeredAt: age && 'value' in age ? registeredAtOf(age.value) : age,
      // A scan's TLS evidence stands in for a live check that is missing or too old.
      tls: tls && 'value' in tls ? tlsFromInspection(tls.value, tls.observedAt) : (reportTls ?? tls),
      external: reputation && 'value' in reputation ? externalFrom(reputation.value, verify.readiness.value) : reputation,
    };
    const scoredOnly = this.assess(inputs, now);
    // A name with something not looked at gets its first look queued; the answer says so and is
    // kept no longer than the look should take.
    const look: FirstLook = blocked || external || missingSignals(scoredOnly.signals).length === 0 ? NO_LOOK : await this.first.request(domain, now);
    const evidenced = withEvidence(scoredOnly, look, oldestOf(seen), now);
    const expected = meant === undefined ? undefined : relateToExpected(domain, meant, brand.finding, this.brands.catalog);
    const assessment = expected === undefined || blocked ? evidenced : withExpected(evidenced, expected, domain);
    const cacheSeconds =
      assessment.evidence?.retry_after_seconds === undefined ? verify.cacheSeconds : Math.min(verify.cacheSeconds, assessment.evidence.retry_after_seconds);
    return { ...verify, cacheSeconds, assessment, observations: seen, ...(brand.read ? { ownership: brand.read } : {}), ...(expected ? { expected } : {}) };
  }

  /**
   * assessTrust, once a second for the inputs of a name nothing is known of (not verified, no
   * brand, nothing observed): most names asked, and their assessment is one and the same.
   */
  private assess(inputs: TrustInputs, now: Date): TrustAssessment {
    const { registry, brand, registeredAt, tls, external } = inputs;
    const blank =
      registry.kind === 'not_verified' &&
      isPlainName(brand) &&
      brand.ownership === undefined &&
      brand.ownedBy === undefined &&
      registeredAt === null &&
      tls === null &&
      external === null;
    if (!blank) return assessTrust(inputs, now);
    const second = Math.floor(now.getTime() / 1000);
    if (this.blank?.second !== second) this.blank = { second, assessment: assessTrust(inputs, now) };
    return this.blank.assessment;
  }

  /**
   * True while `outcome` was scored from what this process still holds for its name: the same
   * registry records, stored observations and ownership check, none written since. An answer with live looks
   * (`external`) never is: what it looked at was not read from the cache.
   */
  isCurrent(outcome: TrustOutcome): boolean {
    const domain = outcome.verdict.domain;
    return this.verify.isCurrent(outcome) && this.cache.get(domain) === outcome.observations && this.ownership.isCurrent(domain, outcome.ownership);
  }

  /** The stored observations of `domain`, with what was due looked at now when `external`. */
  private async seenNow(domain: DomainName, seen: StoredObservations, external: boolean, now: Date): Promise<StoredObservations> {
    if (!external) return seen;
    const due = (['tls', 'domain_age', 'reputation'] as const).filter(
      (kind) => !younger(seen[kind], REUSE_SECONDS[kind], now) || isFailedObservation(seen[kind]!),
    );
    return { ...seen, ...(await this.live.look(domain, new Set(due), this.config.externalDeadlineMs, now)) };
  }

  /**
   * The brand finding of `domain` (BrandJudge), with the stored registration date: the popularity
   * exemption is decided on what is stored, before any live look, so that the ownership look it
   * may spare runs alongside the other looks.
   */
  private brandOf(domain: DomainName, stored: StoredObservations): BrandFinding {
    const age = stored.domain_age as StoredObservation<DomainAgeOutcome> | undefined;
    const registeredAt = age ? registeredAtOf(age.value) : null;
    return this.brands.judge(domain, typeof registeredAt === 'string' ? registeredAt : null);
  }

  private async observationsOf(domain: DomainName): Promise<StoredObservations> {
    const { value, hit } = await this.cache.readThrough(
      domain,
      () => this.store.get(domain),
      () => OBSERVATION_CACHE_SECONDS,
    );
    this.metrics.cacheLookup('observations', hit);
    return value;
  }
}

const NO_LOOK: FirstLook = { kind: 'none' };

/** The instant of the oldest stored observation, if any. */
function oldestOf(seen: StoredObservations): string | undefined {
  let oldest: string | undefined;
  for (const o of Object.values(seen) as Array<StoredObservation<unknown> | undefined>)
    if (o && (oldest === undefined || o.observedAt < oldest)) oldest = o.observedAt;
  return oldest;
}

function younger(observation: StoredObservation<unknown> | undefined, seconds: number, now: Date): boolean {
  return observation !== undefined && now.getTime() - Date.parse(observation.observedAt) < seconds * 1000;
}

function expectedDomain(input: string): DomainName {
  try {
    return requireDomainName(input);
  } catch (error) {
    if (error instanceof AppError) throw new AppError('VALIDATION_ERROR', `expected must be a domain name such as example.com: ${error.message}`);
    throw error;
  }
}
