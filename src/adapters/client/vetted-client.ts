import type { z } from 'zod';
import type { VerifyAnswer } from '../../application/views/registry-schema.js';
import type { lookupEntitySchema } from '../../application/views/registry-schema.js';
import type { ScanResult } from '../../application/views/scan-result-view.js';
import type { ScanStatusAnswer as ScanStatus } from '../../application/views/scan-status-view.js';
import type { TrustAnswer } from '../../application/views/trust-schema.js';
import type { TrustManyAnswer, VerifyManyAnswer } from '../../application/views/verify-many-view.js';
import { type ErrorBody, errorOf, VettedError } from './vetted-error.js';

/** One registry entity, as GET /lookup/{entity-id} answers it. */
export type Entity = z.output<typeof lookupEntitySchema>;

/** GET /status: liveness, and the release that answers. */
export interface ServiceStatus {
  readonly status: 'operational';
  readonly version: string;
  readonly timestamp: string;
}

export interface VettedClientOptions {
  /** Where Vetted answers, such as https://vetted.example.com (a path prefix is kept). */
  readonly baseUrl: string;
  /** An API key (vtk_…) for its tier's quota, sent as a bearer token; none for the free tier. */
  readonly apiKey?: string;
  /** Milliseconds one try may take before it is given up (default 30 000: an external=true answer waits for live looks). */
  readonly timeoutMs?: number;
  /** Further tries of a read after INTERNAL_ERROR, SERVICE_UNAVAILABLE or no answer, waiting longer each time (default 2). */
  readonly retries?: number;
  /** The longest Retry-After (or retry_after_seconds) the client waits out by itself before it tries again; longer ones are thrown (default 10). */
  readonly maxWaitSeconds?: number;
  /** The fetch to use (default the global one). */
  readonly fetch?: typeof fetch;
}

type Method = 'GET' | 'POST';

/**
 * A typed client of Vetted's HTTP API: global `fetch` only, no other dependency, the answers typed
 * by the schemas the service answers with. A refusal is thrown as a VettedError carrying the
 * envelope's code: VerificationExpired for EXPIRED (answered with HTTP 200, as the contract says:
 * the name is not verified), RateLimited for RATE_LIMITED with its retry delay. Reads are tried
 * again after INTERNAL_ERROR, SERVICE_UNAVAILABLE or no answer, and after a retry delay short
 * enough to wait out (maxWaitSeconds); a scan request is never sent twice.
 */
export class VettedClient {
  private readonly base: URL;
  private readonly fetch: typeof fetch;

  constructor(private readonly options: VettedClientOptions) {
    this.base = new URL(options.baseUrl.endsWith('/') ? options.baseUrl : `${options.baseUrl}/`);
    this.fetch = options.fetch ?? globalThis.fetch;
  }

  /** GET /status. */
  status(): Promise<ServiceStatus> {
    return this.read('GET', 'status');
  }

  /** GET /verify/{domain}: the registry status and readiness. Throws VerificationExpired for an expired verification. */
  verify(domain: string): Promise<VerifyAnswer> {
    return this.read('GET', `verify/${encodeURIComponent(domain)}`);
  }

  /**
   * GET /verify/{domain}?signals=true: adds the trust score, level, signals and agent_guidance.
   * `external` looks live now at what was not looked at; `expected` names the counterparty meant.
   */
  checkTrust(domain: string, options: { readonly external?: boolean; readonly expected?: string } = {}): Promise<TrustAnswer> {
    const query = new URLSearchParams({ signals: 'true' });
    if (options.external) query.set('external', 'true');
    if (options.expected !== undefined) query.set('expected', options.expected);
    return this.read('GET', `verify/${encodeURIComponent(domain)}?${query}`);
  }

  /** POST /verify: up to 100 names in one request, each item its own success or error (an expired one is an EXPIRED item, not a throw). */
  verifyMany(domains: readonly string[], options: { readonly signals: true }): Promise<TrustManyAnswer>;
  verifyMany(domains: readonly string[], options?: { readonly signals?: false }): Promise<VerifyManyAnswer>;
  verifyMany(domains: readonly string[], options: { readonly signals?: boolean } = {}): Promise<TrustManyAnswer | VerifyManyAnswer> {
    return this.read('POST', 'verify', { domains, ...(options.signals ? { signals: true } : {}) });
  }

  /** GET /lookup/{entity-id}. Throws NOT_FOUND for an id not in the registry. */
  lookup(entityId: string): Promise<Entity> {
    return this.read('GET', `lookup/${encodeURIComponent(entityId)}`);
  }

  /**
   * POST /api/scan: scans the site now (within the service's scan budgets) and answers the stored
   * report's result, or, when the scan outlasts the service's wait, the job's status to poll. Sent
   * once: a refusal (RATE_LIMITED with its retry delay, SCAN_UNAVAILABLE) is thrown.
   */
  scan(domain: string): Promise<ScanResult | ScanStatus> {
    return this.send('POST', 'api/scan', { domain }, 0);
  }

  private read<T>(method: Method, path: string, body?: unknown): Promise<T> {
    return this.send(method, path, body, this.options.retries ?? 2);
  }

  private async send<T>(method: Method, path: string, body: unknown, retries: number): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.once<T>(method, path, body);
      } catch (error) {
        const wait = attempt < retries ? this.retryDelay(error, attempt) : undefined;
        if (wait === undefined) throw error;
        await new Promise((resolve) => setTimeout(resolve, wait * 1000));
      }
    }
  }

  /** Seconds to wait before trying `error`'s request again, or undefined when it is not tried again. */
  private retryDelay(error: unknown, attempt: number): number | undefined {
    if (!(error instanceof VettedError)) return undefined;
    const backoff = 0.5 * 2 ** attempt;
    const limit = this.options.maxWaitSeconds ?? 10;
    const asked = error.retryAfterSeconds;
    if (error.code === 'RATE_LIMITED') return asked !== undefined && asked <= limit ? asked : undefined;
    if (error.code === 'SERVICE_UNAVAILABLE' || error.code === 'INTERNAL_ERROR' || error.code === 'UNREACHABLE')
      return asked === undefined ? backoff : asked <= limit ? asked : undefined;
    return undefined;
  }

  private async once<T>(method: Method, path: string, body: unknown): Promise<T> {
    const url = new URL(path, this.base);
    const headers: Record<string, string> = { accept: 'application/json' };
    if (this.options.apiKey !== undefined) headers.authorization = `Bearer ${this.options.apiKey}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    let response: Response;
    let text: string;
    try {
      response = await this.fetch(url, {
        method,
        headers,
        redirect: 'manual',
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 30_000),
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      });
      text = await response.text();
    } catch (error) {
      throw new VettedError('UNREACHABLE', `Vetted at ${url.origin} did not answer: ${(error as Error).message}.`, 0, undefined, { cause: error });
    }
    const envelope = parse(text);
    if (envelope?.success === true && 'data' in envelope) return envelope.data as T;
    if (envelope?.success === false && isErrorBody(envelope.error)) throw errorOf(response.status, envelope.error);
    throw new VettedError('UNREACHABLE', `${url.origin} answered HTTP ${response.status} without Vetted's envelope.`, response.status, undefined);
  }
}

function parse(text: string): { success?: unknown; data?: unknown; error?: unknown } | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null ? value : undefined;
  } catch {
    return undefined;
  }
}

function isErrorBody(value: unknown): value is ErrorBody {
  return typeof value === 'object' && value !== null && typeof (value as ErrorBody).code === 'string' && typeof (value as ErrorBody).message === 'string';
}
