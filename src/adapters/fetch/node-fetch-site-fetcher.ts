import { createHash } from 'node:crypto';
import { setMaxListeners } from 'node:events';
import { isIP } from 'node:net';
import { type SecureContext, createSecureContext, rootCertificates } from 'node:tls';
import { performance } from 'node:perf_hooks';
import { inject, injectable } from 'inversify';
import nodeFetch, { type Response } from 'node-fetch';
import { AddressGuard } from '../../application/ports/address-guard.js';
import { DnsResolver } from '../../application/ports/dns-resolver.js';
import { FETCH_DEADLINE_MS } from '../../application/ports/site-fetcher.js';
import type { FetchErrorCode, FetchOutcome, FetchRequest, RedirectHop, SiteFetcher } from '../../application/ports/site-fetcher.js';
import { type AbortCause, classifyFetchError } from './classify-fetch-error.js';
import { FetcherOptions } from './fetcher-options.js';
import { hostOf, parseHttpUrl, safeResolve } from './fetch-urls.js';
import { createPinnedAgent, type HopConnection } from './pinned-agent.js';
import { readCappedBody } from './read-capped-body.js';

const MAX_SET_COOKIES = 50;
const MAX_REDIRECTS = 5;
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
// Headers the adapter owns; a caller's copy would be ignored or would lie about the request.
const RESERVED_HEADERS = new Set(['host', 'user-agent', 'connection', 'content-length', 'transfer-encoding']);

type Failure = { readonly ok: false; readonly code: FetchErrorCode; readonly message: string };
type Hop = { readonly ok: true; readonly response: Response; readonly connection: HopConnection; readonly address: string; close(): void };

/** The per-call state shared by the hops of one fetch(). */
interface Call {
  readonly signal: AbortSignal;
  abortCause(): AbortCause;
}

/**
 * SiteFetcher on node-fetch. Every hop is resolved through DnsResolver, checked by AddressGuard,
 * and connected through an agent pinned to the checked address; redirects are followed by hand and
 * re-checked. Bodies are capped after decompression; one deadline covers the whole call.
 */
@injectable()
export class NodeFetchSiteFetcher implements SiteFetcher {
  private readonly trust: SecureContext | undefined;
  private readonly connectTimeoutMs: number;
  private readonly resourceTimeoutMs: number;

  constructor(
    @inject(FetcherOptions) private readonly options: FetcherOptions,
    @inject(DnsResolver) private readonly resolver: DnsResolver,
    @inject(AddressGuard) private readonly guard: AddressGuard,
  ) {
    // A `ca` option replaces Node's roots, so extra CAs must come with them. Built once: parsing
    // the whole root store for every hop costs tens of milliseconds.
    this.trust = options.ca?.length ? createSecureContext({ ca: [...rootCertificates, ...options.ca] }) : undefined;
    this.connectTimeoutMs = options.connectTimeoutMs ?? 5000;
    this.resourceTimeoutMs = options.resourceTimeoutMs ?? FETCH_DEADLINE_MS;
  }

  async fetch(request: FetchRequest): Promise<FetchOutcome> {
    const started = performance.now();
    const redirects: RedirectHop[] = [];
    const fail = (failedUrl: string, code: FetchErrorCode, message: string): FetchOutcome => ({
      ok: false,
      failure: { requestedUrl: request.url, failedUrl, redirects, code, message, durationMs: elapsed(started) },
    });
    const method = request.method ?? 'GET';
    if (method !== 'GET' && method !== 'HEAD' && method !== 'POST') return fail(request.url, 'BAD_URL', `method ${String(method)} is not supported`);
    // A POST is never replayed to wherever a redirect points.
    if (method === 'POST' && request.followRedirects !== false) return fail(request.url, 'BAD_URL', 'a POST needs followRedirects false');
    const start = parseHttpUrl(request.url);
    if (typeof start === 'string') return fail(request.url, 'BAD_URL', start);

    const controller = new AbortController();
    let cause: AbortCause;
    const timer = setTimeout(() => {
      cause ??= 'deadline';
      controller.abort();
    }, this.resourceTimeoutMs);
    const onCallerAbort = () => {
      cause ??= 'caller';
      controller.abort();
    };
    if (request.signal?.aborted) onCallerAbort();
    // One scan shares its deadline signal among all its probes: more listeners than Node's default warning level.
    if (request.signal) setMaxListeners(64, request.signal);
    request.signal?.addEventListener('abort', onCallerAbort);
    const call: Call = { signal: controller.signal, abortCause: () => cause };

    try {
      let url = start;
      let hopMethod = method;
      for (;;) {
        const hop = await this.hop(url, hopMethod, request, call);
        if (!hop.ok) return fail(url.href, hop.code, hop.message);
        const { response } = hop;
        const location = response.headers.get('location');
        if (request.followRedirects !== false && REDIRECT_STATUSES.has(response.status) && location !== null) {
          hop.close();
          const next = parseHttpUrl(location, url);
          if (typeof next === 'string') return fail(safeResolve(location, url), 'BAD_REDIRECT', next);
          if (redirects.length >= MAX_REDIRECTS) {
            return fail(next.href, 'TOO_MANY_REDIRECTS', `more than ${MAX_REDIRECTS} redirects`);
          }
          redirects.push({ url: url.href, status: response.status, location });
          if (response.status === 303 && hopMethod !== 'HEAD') hopMethod = 'GET';
          url = next;
          continue;
        }
        try {
          const body = await readCappedBody(response.body, request.maxBytes);
          return {
            ok: true,
            resource: {
              requestedUrl: request.url,
              finalUrl: url.href,
              redirects,
              status: response.status,
              headers: Object.fromEntries(response.headers),
              setCookies: (response.headers.raw()['set-cookie'] ?? []).slice(0, MAX_SET_COOKIES),
              remoteAddress: hop.connection.remoteAddress ?? hop.address,
              body: body.bytes,
              bodySha256: createHash('sha256').update(body.bytes).digest('hex'),
              truncated: body.truncated,
              durationMs: elapsed(started),
              ...(hop.connection.certificate ? { certificate: hop.connection.certificate } : {}),
            },
          };
        } catch (error) {
          const failure = classifyFetchError(error, hop.connection, call.abortCause(), this.resourceTimeoutMs);
          return fail(url.href, failure.code, failure.message);
        } finally {
          hop.close();
        }
      }
    } finally {
      clearTimeout(timer);
      request.signal?.removeEventListener('abort', onCallerAbort);
    }
  }

  private async hop(url: URL, method: 'GET' | 'HEAD' | 'POST', request: FetchRequest, call: Call): Promise<Hop | Failure> {
    const target = await this.checkedAddress(url, call);
    if (!target.ok) return target;
    const protocol = url.protocol === 'https:' ? 'https:' : 'http:';
    const { agent, connection } = createPinnedAgent({
      protocol,
      host: hostOf(url),
      address: target.address,
      ...(protocol === 'https:' && this.trust ? { secureContext: this.trust } : {}),
      ...(this.options.portMap ? { portMap: this.options.portMap } : {}),
      connectTimeoutMs: this.connectTimeoutMs,
    });
    try {
      const response = await nodeFetch(url.href, {
        method,
        headers: this.headersFor(request),
        ...(method === 'POST' ? { body: request.body ?? '' } : {}),
        redirect: 'manual',
        follow: 0,
        compress: true,
        agent,
        signal: call.signal,
      });
      const close = () => {
        // node-fetch may still emit an abort or premature-close error on a body nobody reads.
        response.body?.on('error', () => undefined);
        (response.body as { destroy?: () => void } | null)?.destroy?.();
        agent.destroy();
      };
      return { ok: true, response, connection, address: target.address, close };
    } catch (error) {
      agent.destroy();
      return { ok: false, ...classifyFetchError(error, connection, call.abortCause(), this.resourceTimeoutMs) };
    }
  }

  /** The one address this hop may connect to, or why there is none. Never connects. */
  private async checkedAddress(url: URL, call: Call): Promise<{ ok: true; address: string } | Failure> {
    const host = hostOf(url);
    if (isIP(host) !== 0) {
      const verdict = this.guard.check(host);
      return verdict.allowed ? { ok: true, address: host } : blocked(`${host} is not allowed (${verdict.reason})`);
    }
    let addresses: string[];
    try {
      addresses = await abortable(this.resolver.resolveAddresses(host), call.signal);
    } catch (error) {
      const cause = call.abortCause();
      if (cause) return { ok: false, ...classifyFetchError(error, undefined, cause, this.resourceTimeoutMs) };
      return { ok: false, code: 'DNS_FAILURE', message: error instanceof Error ? error.message : `DNS lookup of ${host} failed` };
    }
    if (addresses.length === 0) return { ok: false, code: 'DNS_FAILURE', message: `${host} has no A or AAAA record` };
    const verdicts = addresses.map((address) => ({ address, verdict: this.guard.check(address) }));
    const usable = verdicts.find((v) => v.verdict.allowed);
    if (usable) return { ok: true, address: usable.address };
    const first = verdicts[0]!;
    const reason = first.verdict.allowed ? '' : first.verdict.reason;
    return blocked(`${host} resolves to ${first.address}, which is not allowed (${reason})`);
  }

  private headersFor(request: FetchRequest): Record<string, string> {
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(request.headers ?? {})) {
      if (!RESERVED_HEADERS.has(name.toLowerCase())) headers[name] = value;
    }
    headers['User-Agent'] = this.options.userAgent;
    return headers;
  }
}

function blocked(message: string): Failure {
  return { ok: false, code: 'BLOCKED_ADDRESS', message };
}

function elapsed(started: number): number {
  return Math.round(performance.now() - started);
}

function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(new Error('aborted'));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new Error('aborted'));
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}
