/** Settings of NodeFetchSiteFetcher, bound in the composition root under the FetcherOptions token. */
export interface FetcherOptions {
  /** Sent on every request; build it with userAgentFor(). */
  readonly userAgent: string;
  /** Extra trusted CA certificates (PEM), added to Node's root store. For tests and private deployments. */
  readonly ca?: readonly string[];
  /** Test seam: connect to another port than the URL's (e.g. { 443: 18443 }); Host and SNI still name the URL's host. */
  readonly portMap?: Readonly<Record<number, number>>;
  /** TCP connect plus TLS handshake, per hop. Default 5000 ms. */
  readonly connectTimeoutMs?: number;
  /** One fetch() call from first byte sent to last byte read, redirects included. Default FETCH_DEADLINE_MS (10000 ms). */
  readonly resourceTimeoutMs?: number;
}
export const FetcherOptions = Symbol('FetcherOptions');

/** The User-Agent Vetted announces: `Vetted/<version> (+<baseUrl>/agents.md)`. */
export function userAgentFor(version: string, baseUrl: string): string {
  return `Vetted/${version} (+${baseUrl.replace(/\/+$/, '')}/agents.md)`;
}
