/**
 * Resolves host names through the operator's DNS servers (or the system resolver when none are set).
 * Adapters: NodeDnsResolver.
 *
 * "No such name" and "no record of that type" are answers, not failures: both give an empty list.
 * A lookup that could not be answered (timeout, SERVFAIL, refused) rejects with an AppError
 * `SCAN_UNAVAILABLE` whose `details.dnsCode` names the resolver's code (ETIMEOUT, ESERVFAIL, ...).
 */
export interface DnsResolver {
  /** IPv4 and IPv6 addresses of `host` (A then AAAA), in text form. An IP literal resolves to itself. */
  resolveAddresses(host: string): Promise<string[]>;
  /** TXT records of `name`; each record is the list of its character-strings, unjoined. */
  resolveTxt(name: string): Promise<string[][]>;
  /** The NS host names of `name` (a zone apex), lower case, without the trailing dot. */
  resolveNs(name: string): Promise<string[]>;
}
export const DnsResolver = Symbol('DnsResolver');
