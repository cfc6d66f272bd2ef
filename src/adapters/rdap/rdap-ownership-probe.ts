import { inject, injectable } from 'inversify';
import { getDomain } from 'tldts';
import { DnsResolver } from '../../application/ports/dns-resolver.js';
import type { OwnershipProbe, ProbeFailure, ProbeOptions, ServedCertificate } from '../../application/ports/ownership-probe.js';
import { SiteFetcher } from '../../application/ports/site-fetcher.js';
import { TlsInspector } from '../../application/ports/tls-inspector.js';
import type { DomainName } from '../../domain/domain-name.js';
import { DomainAgeSourceOptions, rdapQueryFor } from './rdap-domain-age-source.js';
import type { RdapDomainQuery } from './rdap-domain-query.js';
import { readRegistrant } from './read-registrant.js';

/**
 * OwnershipProbe on RDAP, with the certificate and the NS records through the TlsInspector and
 * DnsResolver ports (the same handshake, address rules and DNS servers as the trust signals). The
 * registrant comes from the same RDAP service as the registration date (RDAP_BASE_URL or the
 * bootstrap table); a registry that does not know the domain, or no known RDAP service, is an answer
 * (no registrant), a registry that fails or answers nonsense is not.
 */
@injectable()
export class RdapOwnershipProbe implements OwnershipProbe {
  private readonly query: RdapDomainQuery;

  /** @throws Error when rdapBaseUrl is not an http(s) URL (a configuration mistake). */
  constructor(
    @inject(DomainAgeSourceOptions) options: DomainAgeSourceOptions,
    @inject(SiteFetcher) fetcher: SiteFetcher,
    @inject(TlsInspector) private readonly tls: TlsInspector,
    @inject(DnsResolver) private readonly resolver: DnsResolver,
  ) {
    this.query = rdapQueryFor(options, fetcher);
  }

  async certificate(domain: DomainName, options: ProbeOptions = {}): Promise<ServedCertificate | null | ProbeFailure> {
    const seen = await this.tls.inspect(domain, { signal: options.signal });
    if (!('error' in seen)) return { valid: seen.valid, names: seen.subjectAltNames };
    // No address, a refused or broken connection: the name serves no certificate to judge.
    return seen.error === 'timeout' ? { error: 'timeout', message: seen.message } : null;
  }

  async registrant(domain: DomainName, options: ProbeOptions = {}): Promise<{ readonly organisation: string | null } | ProbeFailure> {
    const registrable = getDomain(domain) ?? domain;
    const answer = await this.query.fetch(registrable, options.signal);
    if (!answer.ok) {
      if (answer.error === 'not_found' || answer.error === 'no_rdap_server') return { organisation: null };
      return { error: answer.error === 'timeout' ? 'timeout' : 'unavailable', message: answer.message };
    }
    const reading = readRegistrant(answer.body, registrable);
    return 'error' in reading ? { error: 'unavailable', message: reading.message } : reading;
  }

  async nameservers(zone: DomainName, options: ProbeOptions = {}): Promise<{ readonly nameservers: readonly string[] } | ProbeFailure> {
    try {
      return { nameservers: await untilAborted(this.resolver.resolveNs(zone), options.signal) };
    } catch (error) {
      if (options.signal?.aborted) return { error: 'timeout', message: `no NS answer for ${zone} before the deadline` };
      const code = (error as { details?: { dnsCode?: unknown } }).details?.dnsCode;
      return { error: code === 'ETIMEOUT' ? 'timeout' : 'unavailable', message: `NS lookup of ${zone} failed${typeof code === 'string' ? `: ${code}` : ''}` };
    }
  }
}

function untilAborted<T>(work: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return work;
  // The lookup keeps running (the resolver bounds it); its late outcome is dropped.
  work.catch(() => undefined);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new Error('aborted'));
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(
      (value) => (signal.removeEventListener('abort', onAbort), resolve(value)),
      (error: unknown) => (signal.removeEventListener('abort', onAbort), reject(error)),
    );
  });
}
