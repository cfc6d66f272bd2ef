import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Router } from '@koa/router';
import { inject, injectable, multiInject } from 'inversify';
import Koa from 'koa';
import { AppConfig } from '../../application/ports/app-config.js';
import { Logger } from '../../application/ports/logger.js';
import { HttpRoutes } from '../shared/http-routes.js';
import { declaredBodyLimit } from './middleware/body-limit.js';
import { errorEnvelope } from './middleware/error-envelope.js';
import { requestContext } from './middleware/request-context.js';
import { MAX_BODY_BYTES } from './read-body.js';

const SHUTDOWN_GRACE_MS = 10_000;

/** The Koa HTTP adapter: mounts every route area on one app, listens, and shuts down gracefully. */
@injectable()
export class HttpServer {
  readonly app: Koa;
  private server: Server | undefined;

  constructor(
    @inject(AppConfig) private readonly config: AppConfig,
    @inject(Logger) private readonly logger: Logger,
    @multiInject(HttpRoutes) areas: readonly HttpRoutes[],
  ) {
    this.app = new Koa({ proxy: config.trustProxy });
    const router = new Router();
    for (const area of areas) area.mount(router);
    this.app.use(requestContext(logger));
    this.app.use(errorEnvelope(logger));
    this.app.use(router.routes());
    // Routes that take a body read it through the one bounded reader, which refuses a declared size
    // over the limit before reading; a request no route took is refused here before its method is.
    this.app.use(declaredBodyLimit(MAX_BODY_BYTES));
    // Without `throw` the router sets 405/501 and Allow; errorEnvelope writes the body.
    this.app.use(router.allowedMethods());
  }

  /** Starts listening on the configured host and port (0 picks a free one); resolves with the port. */
  async listen(port = this.config.port, host = this.config.host): Promise<number> {
    const server = createServer(this.app.callback());
    this.server = server;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => resolve());
    });
    const actual = (server.address() as AddressInfo).port;
    this.logger.info({ host, port: actual, baseUrl: this.config.baseUrl }, 'listening');
    return actual;
  }

  /** Stops accepting connections, lets in-flight requests finish (10 s at most), then returns. */
  async close(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = undefined;
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    const force = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS);
    await closed;
    clearTimeout(force);
  }
}
