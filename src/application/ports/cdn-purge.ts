/**
 * Tells the shared caches in front of the service (a CDN, a Varnish) to drop every answer they hold
 * under one of `keys`: the Surrogate-Key of verify answers, a registrable domain (see
 * views/answer-caching.ts). Bound only when the operator configured a purge endpoint
 * (CDN_PURGE_URL); unbound, nothing is purged or queued. Adapters: NodeFetchCdnPurge (one JSON POST
 * to the operator's endpoint). Resolves once the endpoint accepted the purge (any 2xx); rejects for
 * anything else (another status, a redirect, no answer in time), so that the job retries it. Safe to
 * repeat: purging a key twice only drops its answers twice. No keys: nothing is sent.
 */
export interface CdnPurge {
  purge(keys: readonly string[]): Promise<void>;
}
export const CdnPurge = Symbol('CdnPurge');
