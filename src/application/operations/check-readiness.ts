import { inject, injectable } from 'inversify';
import { isPopularityStale } from '../../domain/trust/popularity.js';
import { AppError } from '../errors.js';
import { Clock } from '../ports/clock.js';
import { NO_POPULAR_DOMAINS, PopularDomains } from '../ports/popular-domains.js';
import { StoreHealth } from '../ports/store-health.js';

/** How long the database may take to answer a readiness probe. */
const PROBE_TIMEOUT_MS = 2000;

export interface Readiness {
  readonly status: 'ready';
  readonly database: 'ok';
  /** What the instance judges with that may age: the popularity list, stale past six months. */
  readonly details: { readonly popular_domains: { readonly source: string; readonly as_of: string; readonly stale: boolean } };
}

/**
 * `GET /status/ready`: whether this instance can serve now (its database answers), for a load
 * balancer to take it out while it cannot. Liveness stays `GET /status`, which needs nothing. A
 * stale popularity list is reported in the details, not as unready: it still spares the names it
 * lists, only a newer one would spare today's.
 */
@injectable()
export class CheckReadiness {
  constructor(
    @inject(StoreHealth) private readonly store: StoreHealth,
    @inject(Clock) private readonly clock: Clock,
    @inject(PopularDomains) private readonly popular: PopularDomains = NO_POPULAR_DOMAINS,
  ) {}

  async run(): Promise<Readiness> {
    try {
      await this.store.check(PROBE_TIMEOUT_MS);
    } catch (error) {
      throw new AppError('SERVICE_UNAVAILABLE', 'Not ready: the database does not answer; retry after 5 seconds.', { retryAfterSeconds: 5 }, { cause: error });
    }
    const { source, asOf } = this.popular;
    return { status: 'ready', database: 'ok', details: { popular_domains: { source, as_of: asOf, stale: isPopularityStale(asOf, this.clock.now()) } } };
  }
}
