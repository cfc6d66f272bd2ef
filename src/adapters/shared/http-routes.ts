import type { Router } from '@koa/router';

/**
 * One area of the HTTP surface (registry reads, scans, reports, registration, documents, well-known
 * files, MCP): an injectable class that adds its routes to the server's router. The composition
 * root binds every area to this token and the server receives them as a set, so a new area is one
 * class and one binding. Each route parses, calls one use case and formats one view.
 */
export interface HttpRoutes {
  mount(router: Router): void;
}
export const HttpRoutes = Symbol('HttpRoutes');
