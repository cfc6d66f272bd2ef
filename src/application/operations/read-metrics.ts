import { inject, injectable } from 'inversify';
import { AppError } from '../errors.js';
import { AppConfig } from '../ports/app-config.js';
import { MetricsExposition } from '../ports/metrics-exposition.js';
import { TokenHasher } from '../ports/token-hasher.js';

/** Who asks for the metrics: the bearer token sent (if any) and whether the client is on loopback. */
export interface MetricsReader {
  readonly bearerToken: string | undefined;
  readonly loopback: boolean;
}

/**
 * GET /metrics: the operators' metrics, to a client with the METRICS_TOKEN bearer token when one
 * is configured (UNAUTHORIZED otherwise), or, without a token configured, to loopback clients only
 * (FORBIDDEN for any other), so that a fresh install exposes nothing to the network.
 */
@injectable()
export class ReadMetrics {
  constructor(
    @inject(AppConfig) private readonly config: Pick<AppConfig, 'metricsToken'>,
    @inject(MetricsExposition) private readonly exposition: MetricsExposition,
    @inject(TokenHasher) private readonly hasher: TokenHasher,
  ) {}

  async run(reader: MetricsReader): Promise<{ readonly contentType: string; readonly body: string }> {
    const token = this.config.metricsToken;
    if (token !== undefined) {
      // Compared as digests, so that how long the comparison takes says nothing about the token.
      if (reader.bearerToken === undefined || this.hasher.hash(reader.bearerToken) !== this.hasher.hash(token)) {
        throw new AppError('UNAUTHORIZED', 'Send the metrics token as "Authorization: Bearer <METRICS_TOKEN>".');
      }
    } else if (!reader.loopback) {
      throw new AppError('FORBIDDEN', 'Metrics are served to loopback clients only; set METRICS_TOKEN to serve them to others.');
    }
    return this.exposition.render();
  }
}
