import type { IncomingHttpHeaders } from 'node:http';
import type { Router } from '@koa/router';

/**
 * One area of the HTTP surface (registry reads, scans, reports, registration, documents, well-known
 * files, MCP): an injectable class that adds its routes to the server's router. The composition
 * root binds every area to this token and the server receives them as a set, so a new area is one
 * class and one binding. Each route parses, calls one use case and formats one view.
 */
export interface HttpRoutes {
  mount(router: Router): void;
  /**
   * An answer ready to send for a request (`method`, its target: path and query as sent, and its
   * headers: Accept, If-None-Match…), found before the framework does any work, or undefined to
   * route it: how an area repeats rendered answers. Or a promise of one, for an answer a use case
   * must make first (a verify of a name not asked lately): the server counts it in flight, and
   * routes the request after all when it settles undefined, and has the framework answer the error
   * when it fails (without running the route again). The server adds the headers every answer carries, logs and counts it.
   */
  directAnswer?(method: string, url: string, headers: IncomingHttpHeaders): DirectAnswer | Promise<DirectAnswer | undefined> | undefined;
}

/** A complete answer an area gives before routing (see HttpRoutes.directAnswer). */
export interface DirectAnswer {
  /** The route template it answers for, as the request counters label it. */
  readonly route: string;
  readonly status: number;
  readonly headers: ReadonlyArray<readonly [string, string]>;
  /** Empty for a status without content (304). */
  readonly body: string;
}
export const HttpRoutes = Symbol('HttpRoutes');
