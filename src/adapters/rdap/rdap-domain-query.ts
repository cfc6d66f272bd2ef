import { setMaxListeners } from 'node:events';
import type { DomainAgeErrorCode } from '../../application/ports/domain-age-source.js';
import type { SiteFetcher } from '../../application/ports/site-fetcher.js';
import { BUNDLED_RDAP_BOOTSTRAP, rdapBaseFor, withTrailingSlash } from './rdap-bootstrap.js';

/** An RDAP domain object is a few KiB; a registry answering more is not answering the question. */
const MAX_RDAP_BYTES = 64 * 1024;
const ACCEPT = 'application/rdap+json, application/json;q=0.9';

/** The body of a registry's 2xx answer about a registrable domain, or why there is none (DomainAgeErrorCode). */
export type RdapQueryOutcome =
  | { readonly ok: true; readonly body: Uint8Array; readonly url: string }
  | { readonly ok: false; readonly error: Exclude<DomainAgeErrorCode, 'undisclosed'>; readonly message: string };

/**
 * One RDAP domain query (RFC 9082) at the registrable domain's RDAP service, found in the bootstrap
 * table (RFC 9224) or given as `fixedBase`, through the SiteFetcher port: the address rules, redirect
 * re-checks and size caps of every fetch apply. Bounded by `timeoutMs` and the caller's signal.
 */
export class RdapDomainQuery {
  constructor(
    private readonly fetcher: SiteFetcher,
    private readonly fixedBase: string | undefined,
    readonly timeoutMs: number,
  ) {}

  async fetch(registrable: string, callerSignal?: AbortSignal): Promise<RdapQueryOutcome> {
    const base = this.fixedBase ?? rdapBaseFor(registrable, BUNDLED_RDAP_BOOTSTRAP);
    if (!base) return { ok: false, error: 'no_rdap_server', message: `no RDAP service is known for .${registrable.split('.').pop()}` };
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, this.timeoutMs);
    const onCallerAbort = () => controller.abort();
    if (callerSignal) {
      // Every check of one request shares its signal: more listeners than Node's warning level.
      setMaxListeners(64, callerSignal);
      callerSignal.addEventListener('abort', onCallerAbort, { once: true });
      if (callerSignal.aborted) controller.abort();
    }
    try {
      const outcome = await this.fetcher.fetch({
        url: `${base}domain/${registrable}`,
        headers: { Accept: ACCEPT },
        maxBytes: MAX_RDAP_BYTES,
        signal: controller.signal,
      });
      if (!outcome.ok) {
        const { code, message } = outcome.failure;
        if (code !== 'TIMEOUT') return { ok: false, error: 'unavailable', message: `${code}: ${message}` };
        return { ok: false, error: 'timeout', message: timedOut ? `no RDAP answer within ${this.timeoutMs} ms` : message };
      }
      const { resource } = outcome;
      if (resource.status === 404) return { ok: false, error: 'not_found', message: `${registrable} is not known to ${new URL(resource.finalUrl).host}` };
      if (resource.status < 200 || resource.status > 299)
        return { ok: false, error: 'unavailable', message: `the RDAP service answered HTTP ${resource.status}` };
      if (resource.truncated) return { ok: false, error: 'bad_response', message: `the RDAP answer exceeds ${MAX_RDAP_BYTES} bytes` };
      return { ok: true, body: resource.body, url: resource.finalUrl };
    } finally {
      clearTimeout(timer);
      callerSignal?.removeEventListener('abort', onCallerAbort);
    }
  }
}

/** The base URL of RDAP_BASE_URL, with a trailing slash. @throws Error when it is not an http(s) URL without query or fragment. */
export function checkedRdapBase(text: string): string {
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
