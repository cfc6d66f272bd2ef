import { inject, injectable, optional } from 'inversify';
import { coveringNames, type DomainName } from '../../domain/domain-name.js';
import { judgeRegistry, verdictCacheSeconds, type RegistryVerdict } from '../../domain/registry-verdict.js';
import { judgeReadiness, type Readiness } from '../../domain/scan/readiness.js';
import type { ReportSummary } from '../../domain/scan/report.js';
import { requireDomainName } from '../input/domain-input.js';
import { Clock } from '../ports/clock.js';
import { Metrics, NO_METRICS } from '../ports/metrics.js';
import { RegistryReader, type DomainRecords } from '../ports/registry-reader.js';
import { ReadAheadCaches } from '../caching/read-ahead.js';
import { RegistryReadCache } from '../caching/registry-read-cache.js';

export interface VerifyOutcome {
  readonly verdict: RegistryVerdict;
  /** Scan-based readiness from the latest stored report of the name itself. */
  readonly readiness: Readiness;
  readonly latestReport: ReportSummary | undefined;
  /** How long this answer may be cached by clients; 0 means never. */
  readonly cacheSeconds: number;
  /** The records the answer was judged from: `isCurrent` tells whether they still are what a verify would read. */
  readonly records: DomainRecords;
}

/** GET /verify: what the registry and the latest scan say about a domain now. Reads only; never scans. */
@injectable()
export class VerifyDomain {
  constructor(
    @inject(RegistryReader) private readonly registry: RegistryReader,
    @inject(RegistryReadCache) private readonly cache: RegistryReadCache,
    @inject(Clock) private readonly clock: Clock,
    @inject(ReadAheadCaches) private readonly readAhead: ReadAheadCaches,
    @inject(Metrics) @optional() private readonly metrics: Metrics = NO_METRICS,
  ) {}

  async run(input: string): Promise<VerifyOutcome> {
    const domain = requireDomainName(input);
    const now = this.clock.now();
    let verdict: RegistryVerdict | undefined;
    const { value: records, hit } = await this.cache.readThrough(
      domain,
      () => this.read(domain),
      (read) => {
        verdict = judgeRegistry(domain, read, now);
        return verdict.kind === 'expired' ? 60 : verdictCacheSeconds(verdict, now);
      },
    );
    this.metrics.cacheLookup('registry', hit);
    verdict ??= judgeRegistry(domain, records, now);
    const cacheSeconds = verdictCacheSeconds(verdict, now);
    return { verdict, readiness: judgeReadiness(records.latestReport, now), latestReport: records.latestReport, cacheSeconds, records };
  }

  /** One read of the name and its parents; what it found beyond the records goes to the trust caches. */
  private async read(domain: DomainName): Promise<DomainRecords> {
    const stamp = this.readAhead.stamp();
    const records = await this.registry.findRecords(coveringNames(domain));
    this.readAhead.keep(domain, records.readAhead, stamp);
    return records;
  }

  /**
   * True while `outcome` was judged from the records this process still holds for its name: no
   * process wrote the name since (the change feed and local writes forget it) and the cached read
   * has not expired. What a driving adapter checks before it repeats an answer it rendered.
   */
  isCurrent(outcome: VerifyOutcome): boolean {
    return this.cache.get(outcome.verdict.domain) === outcome.records;
  }
}
