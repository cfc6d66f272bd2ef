import { inject, injectable, optional } from 'inversify';
import { coveringNames } from '../domain/domain-name.js';
import { judgeRegistry, verdictCacheSeconds, type RegistryVerdict } from '../domain/registry-verdict.js';
import { judgeReadiness, type Readiness } from '../domain/scan/readiness.js';
import type { ReportSummary } from '../domain/scan/report.js';
import { requireDomainName } from './domain-input.js';
import { Clock } from './ports/clock.js';
import { Metrics, NO_METRICS } from './ports/metrics.js';
import { RegistryReader } from './ports/registry-reader.js';
import { RegistryReadCache } from './registry-read-cache.js';

export interface VerifyOutcome {
  readonly verdict: RegistryVerdict;
  /** Scan-based readiness from the latest stored report of the name itself. */
  readonly readiness: Readiness;
  readonly latestReport: ReportSummary | undefined;
  /** How long this answer may be cached by clients; 0 means never. */
  readonly cacheSeconds: number;
}

/** GET /verify: what the registry and the latest scan say about a domain now. Reads only; never scans. */
@injectable()
export class VerifyDomain {
  constructor(
    @inject(RegistryReader) private readonly registry: RegistryReader,
    @inject(RegistryReadCache) private readonly cache: RegistryReadCache,
    @inject(Clock) private readonly clock: Clock,
    @inject(Metrics) @optional() private readonly metrics: Metrics = NO_METRICS,
  ) {}

  async run(input: string): Promise<VerifyOutcome> {
    const domain = requireDomainName(input);
    const now = this.clock.now();
    let records = this.cache.get(domain);
    const cached = records !== undefined;
    this.metrics.cacheLookup('registry', cached);
    // Taken before the read: a change that lands while we read must not be cached over.
    const stamp = this.cache.stamp();
    records ??= await this.registry.findRecords(coveringNames(domain));
    const verdict = judgeRegistry(domain, records, now);
    const cacheSeconds = verdictCacheSeconds(verdict, now);
    if (!cached) this.cache.set(domain, records, verdict.kind === 'expired' ? 60 : cacheSeconds, stamp);
    return { verdict, readiness: judgeReadiness(records.latestReport, now), latestReport: records.latestReport, cacheSeconds };
  }
}
