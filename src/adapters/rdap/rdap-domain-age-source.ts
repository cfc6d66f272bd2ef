import { inject, injectable } from 'inversify';
import { getDomain } from 'tldts';
import type { DomainAgeLookupOptions, DomainAgeOutcome, DomainAgeSource } from '../../application/ports/domain-age-source.js';
import { SiteFetcher } from '../../application/ports/site-fetcher.js';
import type { DomainName } from '../../domain/domain-name.js';
import { checkedRdapBase, RdapDomainQuery } from './rdap-domain-query.js';
import { readRegistrationDate } from './read-registration-date.js';

/** Settings of RdapDomainAgeSource (and RdapOwnershipProbe), bound in the composition root under the DomainAgeSourceOptions token. */
export interface DomainAgeSourceOptions {
  /**
   * RDAP_BASE_URL: one RDAP service (an RFC 9224 base URL such as `https://rdap.example/`) asked
   * about every TLD instead of the bootstrap table. Unset: the table in data/rdap-bootstrap.json.
   */
  readonly rdapBaseUrl?: string;
  /** The whole lookup, redirects included. Default 5000 ms. */
  readonly timeoutMs?: number;
}
export const DomainAgeSourceOptions = Symbol('DomainAgeSourceOptions');

/** The RDAP query RdapDomainAgeSource and RdapOwnershipProbe make. @throws Error when rdapBaseUrl is not an http(s) URL. */
export function rdapQueryFor(options: DomainAgeSourceOptions, fetcher: SiteFetcher): RdapDomainQuery {
  return new RdapDomainQuery(fetcher, options.rdapBaseUrl ? checkedRdapBase(options.rdapBaseUrl) : undefined, options.timeoutMs ?? 5000);
}

/**
 * DomainAgeSource on RDAP (RFC 9082 queries, RFC 9083 answers). The registrable domain is looked up
 * at its TLD's RDAP service, found in a bootstrap table (RFC 9224) or given by rdapBaseUrl, through
 * the SiteFetcher port: the address rules, redirect re-checks and size caps of every fetch apply.
 */
@injectable()
export class RdapDomainAgeSource implements DomainAgeSource {
  private readonly query: RdapDomainQuery;

  /** @throws Error when rdapBaseUrl is not an http(s) URL (a configuration mistake). */
  constructor(@inject(DomainAgeSourceOptions) options: DomainAgeSourceOptions, @inject(SiteFetcher) fetcher: SiteFetcher) {
    this.query = rdapQueryFor(options, fetcher);
  }

  async registrationDate(domain: DomainName, options: DomainAgeLookupOptions = {}): Promise<DomainAgeOutcome> {
    const registrable = getDomain(domain) ?? domain;
    const answer = await this.query.fetch(registrable, options.signal);
    if (!answer.ok) return { error: answer.error, message: answer.message };
    const reading = readRegistrationDate(answer.body, registrable);
    return 'error' in reading ? reading : { registeredAt: reading.registeredAt, source: answer.url };
  }
}
