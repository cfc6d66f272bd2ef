import type { Middleware } from 'koa';

/**
 * Middleware of other driving adapters (the MCP endpoint) that the composition root mounts on the
 * same Koa app, after the request context and before the body limit and the routes. Each handles
 * its own paths and calls next() for the rest.
 */
export const HttpExtensions = Symbol('HttpExtensions');
export type HttpExtensionList = readonly Middleware[];
