import type { ObservedCertificate, ObservedRedirect } from '../../domain/scan/probes.js';

/** One HTTP(S) request made on behalf of a scan, a proof check or a webhook delivery. */
export interface FetchRequest {
  readonly url: string;
  /** POST carries `body` and is never redirected (set followRedirects false). */
  readonly method?: 'GET' | 'HEAD' | 'POST';
  /** The request body of a POST (UTF-8 text). */
  readonly body?: string;
  /** Extra request headers (Accept, or the Origin of the CORS probe). The adapter sets User-Agent itself. */
  readonly headers?: Readonly<Record<string, string>>;
  /** Cap on the decoded body; reading stops there and `truncated` is set. */
  readonly maxBytes: number;
  /** Follow redirects (each hop re-resolved and re-checked), at most 5. Default true. */
  readonly followRedirects?: boolean;
  /** Aborts the request, e.g. when the whole scan's deadline passes. */
  readonly signal?: AbortSignal;
}

/** One redirect hop that was followed. */
export type RedirectHop = ObservedRedirect;

/** The certificate the server presented on the final hop, when it was https (instants ISO 8601 UTC). */
export type PeerCertificate = ObservedCertificate;

export interface FetchedResource {
  readonly requestedUrl: string;
  readonly finalUrl: string;
  readonly redirects: readonly RedirectHop[];
  readonly status: number;
  /** Response headers of the final hop, names in lower case; repeated headers joined by ", ". */
  readonly headers: Readonly<Record<string, string>>;
  /** Each Set-Cookie header of the final hop on its own (they cannot be joined safely); at most 50. */
  readonly setCookies?: readonly string[];
  /** The address actually connected to for the final hop. */
  readonly remoteAddress: string;
  readonly body: Uint8Array;
  /** Hex SHA-256 of `body` as read (of the first maxBytes when truncated). */
  readonly bodySha256: string;
  /** True when the body was cut at maxBytes (after decompression). */
  readonly truncated: boolean;
  readonly durationMs: number;
  readonly certificate?: PeerCertificate;
}

export type FetchErrorCode =
  | 'BLOCKED_ADDRESS'
  | 'DNS_FAILURE'
  | 'CONNECT_FAILED'
  | 'TLS_ERROR'
  | 'TIMEOUT'
  | 'TOO_MANY_REDIRECTS'
  | 'BAD_REDIRECT'
  | 'BAD_URL'
  | 'PROTOCOL_ERROR';

export interface FetchFailure {
  readonly requestedUrl: string;
  /** The URL whose fetch failed (a redirect target, perhaps). */
  readonly failedUrl: string;
  readonly redirects: readonly RedirectHop[];
  readonly code: FetchErrorCode;
  /**
   * One line, safe to show (no stack). For TLS_ERROR it names the Node code, e.g. CERT_HAS_EXPIRED;
   * a CONNECT_FAILED begins with the socket's code when it has one (`ECONNREFUSED: …`), which the
   * scan reads to say a connection was refused.
   */
  readonly message: string;
  readonly durationMs: number;
}

export type FetchOutcome = { readonly ok: true; readonly resource: FetchedResource } | { readonly ok: false; readonly failure: FetchFailure };

/** How long one fetch (first byte sent to last byte read, redirects included) may take unless the adapter is set otherwise. */
export const FETCH_DEADLINE_MS = 10_000;

/**
 * Fetches public web resources safely: only public addresses (plus the operator's allowed networks),
 * bounded in time and size, never following a redirect it has not re-checked.
 * Adapters: NodeFetchSiteFetcher. Fake: FakeSiteFetcher (test/fakes).
 * Never throws for network outcomes: every failure is a FetchFailure value.
 */
export interface SiteFetcher {
  fetch(request: FetchRequest): Promise<FetchOutcome>;
}
export const SiteFetcher = Symbol('SiteFetcher');
