import type { ServerOptions } from 'node:http';
import type { Router } from '@koa/router';
import type { AppConfig } from '../../application/ports/app-config.js';

/** How long a shutdown waits for the request handlers in flight. */
export const SHUTDOWN_GRACE_MS = 10_000;

/** Response headers as name and value pairs (a quota's, added to a direct answer). */
export type Headers = ReadonlyArray<readonly [string, string]>;

/** Node's server options for the configured limits. */
export function serverOptions(limits: AppConfig['http']): ServerOptions {
  return {
    headersTimeout: limits.headersTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    // How often Node looks for requests past their timeouts (30 s by default, too coarse for them).
    connectionsCheckingInterval: Math.min(1000, limits.headersTimeoutMs),
    // Node's own refusal of a request without Host is an empty 400; requireHost answers it in the envelope.
    requireHostHeader: false,
  };
}

/** Every route mounted, as its template (`/verify/:domain`) and methods (`ALL` for a route taking any). */
export function mountedRoutes(router: Router): Array<{ readonly path: string; readonly methods: readonly string[] }> {
  return router.stack.map((layer) => ({
    path: String(layer.path),
    methods: layer.methods.length > 20 ? ['ALL'] : layer.methods.filter((m) => m !== 'HEAD'),
  }));
}
