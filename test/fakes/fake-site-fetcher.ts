import { createHash } from 'node:crypto';
import type { FetchOutcome, FetchRequest, SiteFetcher } from '../../src/application/ports/site-fetcher.js';

export interface FakeResponse {
  readonly status?: number;
  readonly headers?: Record<string, string>;
  readonly body?: string;
  readonly certificate?: boolean;
  /** Fail instead of answering. */
  readonly error?: { code: 'TLS_ERROR' | 'TIMEOUT' | 'DNS_FAILURE' | 'CONNECT_FAILED'; message: string };
}

/** A SiteFetcher answering from a table keyed by URL (with `accept:` prefix for negotiated answers). */
export class FakeSiteFetcher implements SiteFetcher {
  readonly requests: FetchRequest[] = [];

  constructor(private readonly table: Record<string, FakeResponse> = {}) {}

  set(url: string, response: FakeResponse): void {
    this.table[url] = response;
  }

  async fetch(request: FetchRequest): Promise<FetchOutcome> {
    this.requests.push(request);
    const accept = request.headers?.accept;
    const spec = (accept ? this.table[`${accept} ${request.url}`] : undefined) ?? this.table[request.url] ?? { status: 404, body: 'not found' };
    if (spec.error) {
      return {
        ok: false,
        failure: { requestedUrl: request.url, failedUrl: request.url, redirects: [], code: spec.error.code, message: spec.error.message, durationMs: 1 },
      };
    }
    const bytes = Buffer.from(spec.body ?? '');
    const body = bytes.subarray(0, request.maxBytes);
    const https = request.url.startsWith('https:');
    return {
      ok: true,
      resource: {
        requestedUrl: request.url,
        finalUrl: request.url,
        redirects: [],
        status: spec.status ?? 200,
        headers: spec.headers ?? {},
        remoteAddress: '203.0.113.10',
        body,
        bodySha256: createHash('sha256').update(body).digest('hex'),
        truncated: bytes.length > request.maxBytes,
        durationMs: 1,
        ...(https && spec.certificate !== false
          ? {
              certificate: {
                subject: 'CN=site',
                issuer: 'CN=ca',
                subjectAltNames: [],
                validFrom: '2026-01-01T00:00:00.000Z',
                validTo: '2027-06-01T00:00:00.000Z',
              },
            }
          : {}),
      },
    };
  }
}
