import { inject, injectable } from 'inversify';
import { AppError } from '../errors.js';
import { StoreHealth } from '../ports/store-health.js';

/** How long the database may take to answer a readiness probe. */
const PROBE_TIMEOUT_MS = 2000;

/**
 * `GET /status/ready`: whether this instance can serve now (its database answers), for a load
 * balancer to take it out while it cannot. Liveness stays `GET /status`, which needs nothing.
 */
@injectable()
export class CheckReadiness {
  constructor(@inject(StoreHealth) private readonly store: StoreHealth) {}

  async run(): Promise<{ status: 'ready'; database: 'ok' }> {
    try {
      await this.store.check(PROBE_TIMEOUT_MS);
    } catch (error) {
      throw new AppError('SERVICE_UNAVAILABLE', 'Not ready: the database does not answer; retry after 5 seconds.', { retryAfterSeconds: 5 }, { cause: error });
    }
    return { status: 'ready', database: 'ok' };
  }
}
