import type { DomainName } from '../../domain/domain-name.js';

/** Why a look gave no answer: `timeout` (its budget or the caller's signal ran out) or `unavailable` (the source failed). */
export interface ProbeFailure {
  readonly error: 'timeout' | 'unavailable';
  /** One line, safe to log. */
  readonly message: string;
}

/** The certificate a name serves: whether it validated for the name (chain, dates, host name), and its DNS names. */
export interface ServedCertificate {
  readonly valid: boolean;
  readonly names: readonly string[];
}

export interface ProbeOptions {
  /** Ends the look early (outcome `timeout`), e.g. when the request's deadline passes. */
  readonly signal?: AbortSignal;
}

/**
 * The looks that gather evidence of who owns a name: the certificate it serves on port 443, the
 * RDAP registrant organisation of a registrable domain, and the NS records of a zone. Adapters:
 * RdapOwnershipProbe (RDAP through SiteFetcher, the certificate through TlsInspector, NS through
 * DnsResolver). Fake: FakeOwnershipProbe.
 * Never throws for network outcomes: a look that could not answer is a ProbeFailure (`'error' in outcome`);
 * a name with no certificate, no published registrant or no NS record is an answer.
 */
export interface OwnershipProbe {
  /** The certificate `domain` serves, or null when it serves none (no address, refused, no TLS). */
  certificate(domain: DomainName, options?: ProbeOptions): Promise<ServedCertificate | null | ProbeFailure>;
  /** The registrant organisation RDAP publishes for `domain`'s registrable domain, or null (none published, unknown to its registry, no RDAP service). */
  registrant(domain: DomainName, options?: ProbeOptions): Promise<{ readonly organisation: string | null } | ProbeFailure>;
  /** The NS host names of `zone` (lower case, no trailing dot); empty when it has none. */
  nameservers(zone: DomainName, options?: ProbeOptions): Promise<{ readonly nameservers: readonly string[] } | ProbeFailure>;
}
export const OwnershipProbe = Symbol('OwnershipProbe');
