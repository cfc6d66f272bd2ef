import type { DomainName } from '../../domain/domain-name.js';

/**
 * Why one lookup gave no verdict: `timeout` (its own time limit or the caller's signal),
 * `unavailable` (SERVFAIL, refused and other resolver failures), `list_error` (the blocklist refused
 * the query: a 127.255.255.x answer), `unexpected_answer` (an address outside 127.0.0.0/8, as some
 * resolvers invent), `malformed` (an SPF or DMARC record that does not parse), `multiple_records`
 * (more than one SPF or DMARC record, which receivers must treat as none).
 */
type ReputationErrorCode = 'timeout' | 'unavailable' | 'list_error' | 'unexpected_answer' | 'malformed' | 'multiple_records';

/** One DNS blocklist's answer about the domain. */
export interface BlocklistVerdict {
  readonly zone: string;
  /** True only for a listing answer; false when not listed and when the lookup failed (see error). */
  readonly listed: boolean;
  /** The answer address: the list's return code (127.0.1.2, ...) or its error code (127.255.255.254, ...). */
  readonly code?: string;
  readonly error?: ReputationErrorCode;
}

/** The domain's SPF policy (RFC 7208). */
export interface SpfVerdict {
  /** Exactly one well-formed `v=spf1` record is published. */
  readonly published: boolean;
  /** The record's text (character-strings joined), also when malformed. */
  readonly record?: string;
  readonly error?: ReputationErrorCode;
}

/** The domain's DMARC policy (RFC 7489), read at `_dmarc.<domain>`. */
export interface DmarcVerdict {
  /** Exactly one `v=DMARC1` record with a valid `p` is published. */
  readonly published: boolean;
  readonly policy?: 'none' | 'quarantine' | 'reject';
  readonly record?: string;
  readonly error?: ReputationErrorCode;
}

export interface ReputationReport {
  /** One verdict per requested zone, in the order given. */
  readonly blocklists: readonly BlocklistVerdict[];
  readonly spf: SpfVerdict;
  readonly dmarc: DmarcVerdict;
}

export interface ReputationCheckOptions {
  /** DNS blocklist zones to ask, DBL style (`<domain>.<zone>`), e.g. `dbl.spamhaus.org`. */
  readonly zones: readonly string[];
  /** Ends every lookup still running (each reports `timeout`), e.g. when the request's deadline passes. */
  readonly signal?: AbortSignal;
}

/**
 * DNS-based reputation of a domain: domain blocklists, SPF and DMARC. Adapters: DnsReputationChecks.
 * Lookups are independent and bounded one by one: a failing lookup marks only its own verdict.
 * Never throws for network outcomes.
 */
export interface ReputationChecks {
  check(domain: DomainName, options: ReputationCheckOptions): Promise<ReputationReport>;
}
export const ReputationChecks = Symbol('ReputationChecks');
