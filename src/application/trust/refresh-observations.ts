import { inject, injectable } from 'inversify';
import { parseDomainName } from '../../domain/domain-name.js';
import { mapWithConcurrency } from '../jobs/concurrency.js';
import { AppConfig } from '../ports/app-config.js';
import { Clock } from '../ports/clock.js';
import { ObservationSchedule } from '../ports/observation-schedule.js';
import { TrustObservationStore, type ObservationKind } from '../ports/trust-observation-store.js';
import { isFailedObservation, LiveObservations } from './live-observations.js';

/**
 * When a member's observation is renewed by the background refresh: TLS and reputation once it is
 * 20 hours old, the registration date once it is 25 days old. With the refresh due every day this
 * keeps TLS and reputation under a day old and RDAP under a month, inside SCORE_SECONDS.
 */
export const RENEW_AFTER_SECONDS: Readonly<Record<ObservationKind, number>> = { tls: 20 * 3600, domain_age: 25 * 86_400, reputation: 20 * 3600 };
/** How often each member's domain is due. */
const REFRESH_PERIOD_SECONDS = 86_400;
/** The time one domain's looks may take in the background (longer than an agent's request may wait). */
const REFRESH_DEADLINE_MS = 15_000;

export interface RefreshSummary {
  readonly domains: number;
  /** Looks made, by kind, and how many of them failed. */
  readonly looked: number;
  readonly failed: number;
}

/**
 * The `observations.refresh` job: renews the observations of claimed member domains that are old
 * enough (RENEW_AFTER_SECONDS), `recheckConcurrency` domains at a time, then makes each domain due
 * again a day later. Reading never fetches: this is how verified members' signals stay observed. A
 * failed look is stored where no good observation of its kind is (never over a good one).
 */
@injectable()
export class RefreshObservations {
  constructor(
    @inject(ObservationSchedule) private readonly schedule: ObservationSchedule,
    @inject(TrustObservationStore) private readonly store: TrustObservationStore,
    @inject(LiveObservations) private readonly live: LiveObservations,
    @inject(Clock) private readonly clock: Clock,
    @inject(AppConfig) private readonly config: Pick<AppConfig, 'recheckConcurrency'>,
  ) {}

  async refreshClaimed(domains: readonly string[]): Promise<RefreshSummary> {
    const counts = await mapWithConcurrency(domains, this.config.recheckConcurrency, (domain) => this.refreshOne(domain));
    await this.schedule.done(domains, new Date(this.clock.now().getTime() + REFRESH_PERIOD_SECONDS * 1000));
    return {
      domains: domains.length,
      looked: counts.reduce((sum, c) => sum + c.looked, 0),
      failed: counts.reduce((sum, c) => sum + c.failed, 0),
    };
  }

  private async refreshOne(input: string): Promise<{ looked: number; failed: number }> {
    const parsed = parseDomainName(input);
    if (!parsed.ok) return { looked: 0, failed: 0 };
    const now = this.clock.now();
    const stored = await this.store.get(parsed.name);
    const due = (['tls', 'domain_age', 'reputation'] as const).filter((kind) => {
      const o = stored[kind];
      return !o || now.getTime() - Date.parse(o.observedAt) >= RENEW_AFTER_SECONDS[kind] * 1000;
    });
    // A failed look is stored only where nothing good is, so an answer says what failed instead
    // of queuing a first look at what the refresh just looked at.
    const nothingGood = new Set(due.filter((kind) => !stored[kind] || isFailedObservation(stored[kind]!)));
    const seen = await this.live.look(parsed.name, new Set(due), REFRESH_DEADLINE_MS, now, nothingGood);
    return { looked: due.length, failed: Object.values(seen).filter((o) => isFailedObservation(o)).length };
  }
}
