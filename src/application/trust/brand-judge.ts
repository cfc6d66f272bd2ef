import { inject, injectable } from 'inversify';
import { LRUCache } from 'lru-cache';
import { registrableDomain, type DomainName } from '../../domain/domain-name.js';
import { BrandCatalog } from '../../domain/trust/brand-catalog.js';
import { judgeBrand, LookalikeDetector, withPopularity } from '../../domain/trust/lookalike.js';
import { popularStanding } from '../../domain/trust/popularity.js';
import type { BrandFinding } from '../../domain/trust/trust-inputs.js';
import { AppConfig } from '../ports/app-config.js';
import { IdnaCodec } from '../ports/idna-codec.js';
import { NO_POPULAR_DOMAINS, PopularDomains } from '../ports/popular-domains.js';

/** Brand findings kept per name: a pure function of the name and the catalog, so never stale. */
const BRAND_CACHE_ENTRIES = 50_000;

/**
 * The brand signal's finding for a name: the lookalike detector over the shipped catalog and the
 * operator's BRAND_CATALOG_FILE, the name's Unicode form (IdnaCodec), and the popularity list,
 * which spares a listed registrable domain unless its stored registration date is later than the
 * list's. Findings other than "a plain name" are kept per process (BRAND_CACHE_ENTRIES).
 */
@injectable()
export class BrandJudge {
  /** The catalog the findings are judged against (also what `expected` is related with). */
  readonly catalog: BrandCatalog;
  private readonly detector: LookalikeDetector;
  private readonly brands = new LRUCache<string, BrandFinding>({ max: BRAND_CACHE_ENTRIES });

  constructor(
    @inject(AppConfig) config: Pick<AppConfig, 'extraBrandDomains'>,
    @inject(IdnaCodec) private readonly idna: IdnaCodec,
    @inject(PopularDomains) private readonly popular: PopularDomains = NO_POPULAR_DOMAINS,
  ) {
    this.detector = new LookalikeDetector(BrandCatalog.standard(config.extraBrandDomains));
    this.catalog = this.detector.catalog;
  }

  /** The finding of `domain`; `registeredAt` is its stored registration date (RDAP), when one is. */
  judge(domain: DomainName, registeredAt: string | null): BrandFinding {
    const standing = popularStanding(this.popular.rank(registrableDomain(domain)), registeredAt);
    return withPopularity(this.detected(domain), standing);
  }

  private detected(domain: DomainName): BrandFinding {
    let finding = this.brands.get(domain);
    if (finding) return finding;
    finding = judgeBrand(domain, this.detector, this.idna.toUnicode(domain));
    // A name that is no brand and imitates none (most names) is judged again when asked again: a
    // few dozen look-ups, cheaper than keeping an entry for every new name asked.
    if (isPlainName(finding)) return finding;
    this.brands.set(domain, finding);
    return finding;
  }
}

/** A name that is no catalog brand and imitates none. */
export function isPlainName(finding: BrandFinding): boolean {
  return !finding.knownBrand && finding.lookalikeOf === null && finding.reason === null && finding.popular === undefined;
}
