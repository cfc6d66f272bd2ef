import { inject, injectable } from 'inversify';
import type { DomainName } from '../../domain/domain-name.js';
import { CHALLENGE_LABEL, txtProves, WELL_KNOWN_PATH, wellKnownProves, type ProofMethod } from '../../domain/registration/registration.js';
import { DnsResolver } from '../ports/dns-resolver.js';
import { SiteFetcher } from '../ports/site-fetcher.js';

/** The outcome of looking for the proof in one place. */
export interface ProofLook {
  readonly method: ProofMethod;
  readonly lookedUp: string;
  readonly result: 'proven' | 'not_found' | 'error';
  /** Written by Vetted; no content from the site. */
  readonly detail: string;
}

const WELL_KNOWN_MAX_BYTES = 1024;

/**
 * Looks for a domain-control proof now, the way certificate authorities do (ACME dns-01 and
 * http-01): TXT records at `_vetted-challenge.<domain>` and at the domain itself through the
 * resolver, then the well-known file over https and then http, through the safe fetcher, on the
 * same host only (a redirect elsewhere does not count), bounded in size.
 */
@injectable()
export class ProofChecker {
  constructor(
    @inject(DnsResolver) private readonly resolver: DnsResolver,
    @inject(SiteFetcher) private readonly fetcher: SiteFetcher,
  ) {}

  /** Every place looked at, in order, stopping at the first proof. */
  async check(domain: DomainName, code: string, methods: readonly ProofMethod[] = ['dns_txt', 'well_known']): Promise<ProofLook[]> {
    const looks: ProofLook[] = [];
    for (const method of methods) {
      const found = method === 'dns_txt' ? await this.dns(domain, code) : await this.wellKnown(domain, code);
      looks.push(...found);
      if (found.some((l) => l.result === 'proven')) break;
    }
    return looks;
  }

  private async dns(domain: DomainName, code: string): Promise<ProofLook[]> {
    const looks: ProofLook[] = [];
    for (const name of [`${CHALLENGE_LABEL}.${domain}`, domain]) {
      try {
        const records = await this.resolver.resolveTxt(name);
        const proven = txtProves(records, code);
        looks.push({ method: 'dns_txt', lookedUp: name, result: proven ? 'proven' : 'not_found', detail: proven ? 'TXT record found' : `${records.length} TXT records, none with the code` });
        if (proven) break;
      } catch (error) {
        looks.push({ method: 'dns_txt', lookedUp: name, result: 'error', detail: `DNS lookup failed (${(error as { details?: { dnsCode?: string } }).details?.dnsCode ?? 'error'})` });
      }
    }
    return looks;
  }

  private async wellKnown(domain: DomainName, code: string): Promise<ProofLook[]> {
    const looks: ProofLook[] = [];
    for (const scheme of ['https', 'http']) {
      const url = `${scheme}://${domain}${WELL_KNOWN_PATH}`;
      const outcome = await this.fetcher.fetch({ url, maxBytes: WELL_KNOWN_MAX_BYTES, headers: { accept: 'text/plain' } });
      if (!outcome.ok) {
        looks.push({ method: 'well_known', lookedUp: url, result: 'error', detail: `fetch failed (${outcome.failure.code})` });
        continue;
      }
      const r = outcome.resource;
      const hosts = [...r.redirects.map((h) => h.url), r.finalUrl].map((u) => new URL(u).hostname);
      if (hosts.some((h) => h !== domain)) {
        looks.push({ method: 'well_known', lookedUp: url, result: 'not_found', detail: 'redirected to another host, which does not count' });
        continue;
      }
      const proven = r.status === 200 && wellKnownProves(new TextDecoder().decode(r.body), code);
      looks.push({ method: 'well_known', lookedUp: url, result: proven ? 'proven' : 'not_found', detail: proven ? 'file found with the code' : `HTTP ${r.status}, no line with the code` });
      if (proven) break;
    }
    return looks;
  }
}
