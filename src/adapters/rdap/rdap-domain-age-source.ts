import { setMaxListeners } from 'node:events';
import { inject, injectable } from 'inversify';
import { getDomain } from 'tldts';
import type {
  DomainAgeLookupOptions,
  DomainAgeOutcome,
  DomainAgeSource,
} from '../../application/ports/domain-age-source.js';
import { SiteFetcher } from '../../application/ports/site-fetcher.js';
import type { DomainName } from '../../domain/domain-name.js';
import { BUNDLED_RDAP_BOOTSTRAP, rdapBaseFor, withTrailingSlash } from './rdap-bootstrap.js';
import { readRegistrationDate } from './read-registration-date.js';

/** Settings of RdapDomainAgeSource, bound in the composition root under the DomainAgeSourceOptions token. */
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

/** An RDAP domain object is a few KiB; a registry answering more is not answering the question. */
const MAX_RDAP_BYTES = 64 * 1024;
const ACCEPT = 'application/rdap+json, application/json;q=0.9';

/**
 * DomainAgeSource on RDAP (RFC 9082 queries, RFC 9083 answers). The registrable domain is looked up
 * at its TLD's RDAP service, found in a bootstrap table (RFC 9224) or given by rdapBaseUrl, through
 * the SiteFetcher port: the address rules, redirect re-checks and size caps of every fetch apply.
 */
@injectable()
export class RdapDomainAgeSource implements DomainAgeSource {
  private readonly fixedBase: string | undefined;
  private readonly timeoutMs: number;

  /** @throws Error when rdapBaseUrl is not an http(s) URL (a configuration mistake). */
  constructor(
    @inject(DomainAgeSourceOptions) options: DomainAgeSourceOptions,
    @inject(SiteFetcher) private readonly fetcher: SiteFetcher,
  ) {
    this.fixedBase = options.rdapBaseUrl ? checkedBase(options.rdapBaseUrl) : undefined;
    this.timeoutMs = options.timeoutMs ?? 5000;
  }

  async registrationDate(domain: DomainName, options: DomainAgeLookupOptions = {}): Promise<DomainAgeOutcome> {
    const registrable = getDomain(domain) ?? domain;
    const base = this.fixedBase ?? rdapBaseFor(registrable, BUNDLED_RDAP_BOOTSTRAP);
    if (!base) {
      return { error: 'no_rdap_server', message: `no RDAP service is known for .${registrable.split('.').pop()}` };
    }
    const url = `${base}domain/${registrable}`;

    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, this.timeoutMs);
    const onCallerAbort = () => controller.abort();
    const caller = options.signal;
    if (caller) {
      // Every check of one request shares its signal: more listeners than Node's warning level.
      setMaxListeners(64, caller);
      caller.addEventListener('abort', onCallerAbort, { once: true });
      if (caller.aborted) controller.abort();
    }
    try {
      const outcome = await this.fetcher.fetch({
        url,
        headers: { Accept: ACCEPT },
        maxBytes: MAX_RDAP_BYTES,
        signal: controller.signal,
      });
      if (!outcome.ok) {
        const { code, message } = outcome.failure;
        if (code !== 'TIMEOUT') return { error: 'unavailable', message: `${code}: ${message}` };
        return { error: 'timeout', message: timedOut ? `no RDAP answer within ${this.timeoutMs} ms` : message };
      }
      const { resource } = outcome;
      if (resource.status === 404) {
        return { error: 'not_found', message: `${registrable} is not known to ${new URL(resource.finalUrl).host}` };
      }
      if (resource.status < 200 || resource.status > 299) {
        return { error: 'unavailable', message: `the RDAP service answered HTTP ${resource.status}` };
      }
      if (resource.truncated) return { error: 'bad_response', message: `the RDAP answer exceeds ${MAX_RDAP_BYTES} bytes` };
      const reading = readRegistrationDate(resource.body, registrable);
      return 'error' in reading ? reading : { registeredAt: reading.registeredAt, source: resource.finalUrl };
    } finally {
      clearTimeout(timer);
      caller?.removeEventListener('abort', onCallerAbort);
    }
  }
}

function checkedBase(text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch (error) {
    throw new Error(`RDAP base URL "${text}" is not a URL`, { cause: error });
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error(`RDAP base URL "${text}" is not http(s)`);
  if (url.search || url.hash) throw new Error(`RDAP base URL "${text}" must not have a query or fragment`);
  return withTrailingSlash(url.href);
}
