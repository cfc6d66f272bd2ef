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
  /** Untrusted, what the domain publishes: the TXT values found at `lookedUp` (at most 10, each at most 255 characters). Never stored. */
  readonly seen?: readonly string[];
  /** The well-known file's HTTP status, when an answer came. */
  readonly status?: number;
  /** Untrusted, what the domain publishes: the well-known file's first line (at most 200 characters). Never stored. */
  readonly firstLine?: string;
}

const WELL_KNOWN_MAX_BYTES = 1024;
const MAX_SEEN_VALUES = 10;
const MAX_SEEN_LENGTH = 255;
const MAX_FIRST_LINE_LENGTH = 200;

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
        const seen = records.slice(0, MAX_SEEN_VALUES).map((parts) => bounded(parts.join(''), MAX_SEEN_LENGTH));
        looks.push({
          method: 'dns_txt',
          lookedUp: name,
          result: proven ? 'proven' : 'not_found',
          detail: proven ? 'TXT record found' : `${records.length} TXT records, none with the code`,
          seen,
        });
        if (proven) break;
      } catch (error) {
        looks.push({
          method: 'dns_txt',
          lookedUp: name,
          result: 'error',
          detail: `DNS lookup failed (${(error as { details?: { dnsCode?: string } }).details?.dnsCode ?? 'error'})`,
        });
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
      const text = new TextDecoder().decode(r.body);
      const proven = r.status === 200 && wellKnownProves(text, code);
      const firstLine = bounded(text.split(/\r?\n/, 1)[0] ?? '', MAX_FIRST_LINE_LENGTH);
      looks.push({
        method: 'well_known',
        lookedUp: url,
        result: proven ? 'proven' : 'not_found',
        detail: proven ? 'file found with the code' : `HTTP ${r.status}, no line with the code`,
        status: r.status,
        firstLine,
      });
      if (proven) break;
    }
    return looks;
  }
}

/**
 * Text a domain publishes, made safe to show: control and bidirectional-override characters
 * replaced (they could disguise what is shown), cut at `max` characters with an ellipsis.
 */
function bounded(text: string, max: number): string {
  const shown = text.replace(/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '\ufffd');
  return shown.length > max ? `${shown.slice(0, max - 1)}…` : shown;
}
