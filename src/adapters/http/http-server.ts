import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Router } from '@koa/router';
import { inject, injectable } from 'inversify';
import Koa from 'koa';
import { GetStatus } from '../../application/get-status.js';
import { LookupEntity } from '../../application/lookup-entity.js';
import { AppConfig } from '../../application/ports/app-config.js';
import { Clock } from '../../application/ports/clock.js';
import { Logger } from '../../application/ports/logger.js';
import { GetPublicKeys } from '../../application/scan/get-public-keys.js';
import { GetReport } from '../../application/scan/get-report.js';
import { ConfirmRegistration } from '../../application/registration/confirm-registration.js';
import { RegisterDomain } from '../../application/registration/register-domain.js';
import { RequestScan } from '../../application/scan/request-scan.js';
import { AssessTrust } from '../../application/trust/assess-trust.js';
import { VerifyDomain } from '../../application/verify-domain.js';
import { HttpExtensions, type HttpExtensionList } from './http-extensions.js';
import { declaredBodyLimit } from './middleware/body-limit.js';
import { errorEnvelope } from './middleware/error-envelope.js';
import { requestContext } from './middleware/request-context.js';
import { MAX_BODY_BYTES } from './read-body.js';
import { registerRegistryRoutes } from './routes/registry-routes.js';
import { registerDocRoutes } from './routes/doc-routes.js';
import { registerRegistrationRoutes } from './routes/registration-routes.js';
import { registerReportRoutes } from './routes/report-routes.js';
import { registerScanRoutes } from './routes/scan-routes.js';

const SHUTDOWN_GRACE_MS = 10_000;

/** The Koa HTTP adapter: builds the app once, listens, and shuts down gracefully. */
@injectable()
export class HttpServer {
  readonly app: Koa;
  private server: Server | undefined;

  constructor(
    @inject(AppConfig) private readonly config: AppConfig,
    @inject(Logger) private readonly logger: Logger,
    @inject(Clock) clock: Clock,
    @inject(GetStatus) getStatus: GetStatus,
    @inject(VerifyDomain) verifyDomain: VerifyDomain,
    @inject(LookupEntity) lookupEntity: LookupEntity,
    @inject(RequestScan) requestScan: RequestScan,
    @inject(GetReport) getReport: GetReport,
    @inject(GetPublicKeys) getPublicKeys: GetPublicKeys,
    @inject(RegisterDomain) registerDomain: RegisterDomain,
    @inject(ConfirmRegistration) confirmRegistration: ConfirmRegistration,
    @inject(AssessTrust) assessTrust: AssessTrust,
    @inject(HttpExtensions) extensions: HttpExtensionList,
  ) {
    this.app = new Koa({ proxy: config.trustProxy });
    const router = new Router();
    registerRegistryRoutes(router, { config, clock, getStatus, verifyDomain, lookupEntity, assessTrust });
    registerScanRoutes(router, { config, clock, requestScan });
    registerReportRoutes(router, { config, getReport, getPublicKeys });
    registerRegistrationRoutes(router, { registerDomain, confirmRegistration });
    registerDocRoutes(router, config);
    this.app.use(requestContext(logger));
    this.app.use(errorEnvelope(logger));
    for (const extension of extensions) this.app.use(extension);
    this.app.use(declaredBodyLimit(MAX_BODY_BYTES));
    this.app.use(router.routes());
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
