import type { DomainName } from '../../domain/domain-name.js';

/** When the registry says a domain was registered. */
interface DomainRegistration {
  /** The RDAP `registration` event (the earliest, if several), ISO 8601 UTC. */
  readonly registeredAt: string;
  /** The RDAP URL that answered: the evidence. */
  readonly source: string;
}

/**
 * Why no registration date is known: `not_found` (the registry does not know the domain),
 * `undisclosed` (it answered but publishes no registration event), `no_rdap_server` (no RDAP
 * service is known for the TLD), `bad_response` (not RDAP JSON, or too large), `unavailable`
 * (unreachable, refused by the address rules, or an HTTP error other than 404), `timeout` (the time
 * budget or the caller's signal ran out first).
 */
export type DomainAgeErrorCode = 'not_found' | 'undisclosed' | 'no_rdap_server' | 'bad_response' | 'unavailable' | 'timeout';

interface DomainAgeFailure {
  readonly error: DomainAgeErrorCode;
  /** One line, safe to show. */
  readonly message: string;
}

export type DomainAgeOutcome = DomainRegistration | DomainAgeFailure;

export interface DomainAgeLookupOptions {
  /** Ends the lookup early (outcome `timeout`), e.g. when the request's deadline passes. */
  readonly signal?: AbortSignal;
}

/**
 * The registration date of a domain's registrable domain (`shop.example.co.uk` asks about
 * `example.co.uk`), from its registry. Adapters: RdapDomainAgeSource.
 * Never throws for network outcomes: every failure is a DomainAgeFailure value (`'error' in outcome`).
 */
export interface DomainAgeSource {
  registrationDate(domain: DomainName, options?: DomainAgeLookupOptions): Promise<DomainAgeOutcome>;
}
export const DomainAgeSource = Symbol('DomainAgeSource');
