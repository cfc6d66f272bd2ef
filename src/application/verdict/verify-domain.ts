import { inject, injectable } from 'inversify';
import { coveringNames, type DomainName } from '../../domain/domain-name.js';
import { judgeRegistry, verdictCacheSeconds, type RegistryVerdict } from '../../domain/registry-verdict.js';
import { judgeReadiness, type Readiness } from '../../domain/scan/readiness.js';
import type { ReportSummary } from '../../domain/scan/report.js';
import { requireDomainName } from '../input/domain-input.js';
import { Clock } from '../ports/clock.js';
import { Metrics, NO_METRICS } from '../ports/metrics.js';
import { RegistryReader, type DomainRecords } from '../ports/registry-reader.js';
import { KnownNames } from '../caching/known-names.js';
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

/** How long the records a verdict was judged from are kept: an expired entity's for a minute (its renewal may land any time). */
function cacheSecondsOf(verdict: RegistryVerdict, now: Date): number {
  return verdict.kind === 'expired' ? 60 : verdictCacheSeconds(verdict, now);
}

/** The name one label up, while it is still the registrable domain or under it. */
function parentOf(domain: DomainName): DomainName | undefined {
  const covering = coveringNames(domain);
  return covering.length > 1 ? covering[1] : undefined;
}

/** GET /verify: what the registry and the latest scan say about a domain now. Reads only; never scans. */
@injectable()
export class VerifyDomain {
  constructor(
    @inject(RegistryReader) private readonly registry: RegistryReader,
    @inject(RegistryReadCache) private readonly cache: RegistryReadCache,
    @inject(Clock) private readonly clock: Clock,
    @inject(ReadAheadCaches) private readonly readAhead: ReadAheadCaches,
    @inject(Metrics) private readonly metrics: Metrics = NO_METRICS,
    @inject(KnownNames) private readonly known?: KnownNames,
  ) {}

  async run(input: string): Promise<VerifyOutcome> {
    const domain = requireDomainName(input);
    const now = this.clock.now();
    let verdict: RegistryVerdict | undefined;
    const records = await this.recordsOf(domain, (read) => cacheSecondsOf((verdict = judgeRegistry(domain, read, now)), now));
    verdict ??= judgeRegistry(domain, records, now);
    const cacheSeconds = verdictCacheSeconds(verdict, now);
    return { verdict, readiness: judgeReadiness(records.latestReport, now), latestReport: records.latestReport, cacheSeconds, records };
  }

  private async recordsOf(domain: DomainName, ttlSeconds: (records: DomainRecords) => number): Promise<DomainRecords> {
    const { value, hit } = await this.cache.readThrough(domain, () => this.read(domain), ttlSeconds);
    this.metrics.cacheLookup('registry', hit);
    return value;
  }

  /**
   * The records of the name and its parents. Nothing stored under the name itself (KnownNames):
   * its parent's entities and blocks, through the cache, so that a new subdomain of a known domain
   * costs no query once the domain was asked. Otherwise one read, whose findings beyond the records
   * go to the trust caches.
   */
  private async read(domain: DomainName): Promise<DomainRecords> {
    const parent = this.known?.isUnknown(domain) ? parentOf(domain) : undefined;
    if (parent !== undefined) {
      const now = this.clock.now();
      const records = await this.recordsOf(parent, (read) => cacheSecondsOf(judgeRegistry(parent, read, now), now));
      return records.latestReport === undefined ? records : { entities: records.entities, blocks: records.blocks, latestReport: undefined };
    }
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
