import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Router } from '@koa/router';
import { inject, injectable, multiInject } from 'inversify';
import Koa from 'koa';
import { AppConfig } from '../../application/ports/app-config.js';
import { FaultClassifier } from '../../application/ports/fault-classifier.js';
import { Logger } from '../../application/ports/logger.js';
import { Metrics } from '../../application/ports/metrics.js';
import { HttpRoutes, type DirectAnswer } from '../shared/http-routes.js';
import { guardConnections, type ConnectionGuard } from './connection-guards.js';
import { declaredBodyLimit } from './middleware/body-limit.js';
import { cors, PUBLIC_READ_CORS, TIERED_READ_CORS } from './middleware/cors.js';
import { errorEnvelope } from './middleware/error-envelope.js';
import { requestContext } from './middleware/request-context.js';
import { requireHost } from './middleware/require-host.js';
import { OriginPolicy } from '../shared/origin-policy.js';
import { MAX_BODY_BYTES } from './read-body.js';
import { clientIpOf, RequestStamp } from './request-stamp.js';
import { quotaHeaders, ReadGate } from './read-gate.js';
import { readQuota } from './middleware/read-quota.js';
import type { Admission } from '../../application/access/admit-read.js';
import { type Headers, mountedRoutes, SHUTDOWN_GRACE_MS, serverOptions } from './server-options.js';

/** The Koa HTTP adapter: mounts every route area on one app, listens, and shuts down gracefully. */
@injectable()
export class HttpServer {
  readonly app: Koa;
  private readonly router: Router;
  private readonly stamp: RequestStamp;
  private readonly direct: ReadonlyArray<Required<Pick<HttpRoutes, 'directAnswer'>>>;
  private server: Server | undefined;
  private guard: ConnectionGuard | undefined;
  private closing = false;
  private inFlight = 0;
  private drained: (() => void) | undefined;
  /** Requests whose direct answer failed: Koa answers the failure itself instead of running the route again. */
  private readonly failedDirect = new WeakMap<IncomingMessage, unknown>();

  constructor(
    @inject(AppConfig) private readonly config: AppConfig,
    @inject(Logger) private readonly logger: Logger,
    @inject(FaultClassifier) faults: FaultClassifier,
    @inject(Metrics) metrics: Metrics,
    @multiInject(HttpRoutes) areas: readonly HttpRoutes[],
    @inject(OriginPolicy) origins: OriginPolicy,
    @inject(ReadGate) private readonly gate: ReadGate,
  ) {
    this.app = new Koa({ proxy: config.trustProxy });
    // Errors Koa sees outside the middleware (a client that went away mid-answer) are logged as JSON, not printed.
    this.app.on('error', (error: Error) => logger.warn({ err: error.message }, 'http stream error'));
    const router = new Router();
    this.router = router;
    for (const area of areas) area.mount(router);
    // Served over HTTPS (behind the operator's TLS proxy) exactly when BASE_URL says so.
    this.stamp = new RequestStamp(logger, metrics, config.baseUrl.startsWith('https:'));
    this.direct = areas.filter((area): area is HttpRoutes & Required<Pick<HttpRoutes, 'directAnswer'>> => area.directAnswer !== undefined);
    this.app.use(async (ctx, next) => {
      // A handler outlives its socket when the client goes away: shutdown waits for handlers, not sockets.
      this.inFlight++;
      if (this.closing) ctx.set('Connection', 'close');
      try {
        await next();
      } finally {
        if (--this.inFlight === 0) this.drained?.();
      }
    });
    this.app.use(requestContext(this.stamp));
    this.app.use(cors(origins, gate.enabled));
    this.app.use(errorEnvelope(logger, faults));
    this.app.use(async (ctx, next) => {
      // A cold direct answer that failed (an outage, a bad name) is not tried twice against the store.
      if (this.failedDirect.has(ctx.req)) throw this.failedDirect.get(ctx.req);
      await next();
    });
    this.app.use(requireHost);
    if (gate.enabled) this.app.use(readQuota(gate));
    this.app.use(router.routes());
    // Routes that take a body read it through the one bounded reader, which refuses a declared size
    // over the limit before reading; a request no route took is refused here before its method is.
    this.app.use(declaredBodyLimit(MAX_BODY_BYTES));
    // Without `throw` the router sets 405/501 and Allow; errorEnvelope writes the body.
    this.app.use(router.allowedMethods());
  }

  /** Every route mounted, as its template (`/verify/:domain`) and methods (`ALL` for a route taking any): the route table docs are checked against. */
  routes(): Array<{ readonly path: string; readonly methods: readonly string[] }> {
    return mountedRoutes(this.router);
  }

  /** Starts listening on the configured host and port (0 picks a free one); resolves with the port. */
  async listen(port = this.config.port, host = this.config.host): Promise<number> {
    const limits = this.config.http;
    const server = createServer(serverOptions(limits), this.handler());
    this.guard = guardConnections(server, limits, this.stamp, this.logger);
    this.server = server;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => resolve());
    });
    const actual = (server.address() as AddressInfo).port;
    this.logger.info({ host, port: actual, baseUrl: this.config.baseUrl }, 'listening');
    return actual;
  }

  /**
   * Koa's handler behind the areas' direct answers: a request an area answers before routing (a
   * repeated rendered answer) is written here at once, stamped, logged and counted like any other,
   * without building a Koa context; everything else goes to Koa.
   */
  private handler(): (req: IncomingMessage, res: ServerResponse) => void {
    const callback = this.app.callback();
    // A connection over a bound was answered 503 already; what the parser still reads of it is not
    // served, and the socket is left to close after its linger, so the client can read the 503.
    const koa = (req: IncomingMessage, res: ServerResponse): void => {
      if (this.guard?.isRefused(req.socket)) return;
      void callback(req, res);
    };
    if (this.direct.length === 0) return koa;
    return (req, res) => {
      const started = performance.now();
      // A request without Host goes to Koa, which refuses it.
      if (req.headers.host === undefined || this.guard?.isRefused(req.socket)) return void koa(req, res);
      if (!this.gate.enabled || !this.gate.counts(req.method ?? '', req.url ?? '')) return this.proceed(req, res, started, koa, undefined);
      let admitting: Admission | Promise<Admission>;
      try {
        admitting = this.gate.admit(req, true);
      } catch (error) {
        // Koa answers the refusal in the envelope (401, 429), with its headers.
        this.failedDirect.set(req, error);
        return void koa(req, res);
      }
      if (admitting instanceof Promise) return void this.admitted(admitting, req, res, started, koa);
      this.proceed(req, res, started, koa, admitting);
    };
  }

  /** Answers `req` directly when an area can, else hands it to Koa, telling the gate it was admitted already (counted once). */
  private proceed(
    req: IncomingMessage,
    res: ServerResponse,
    started: number,
    koa: (req: IncomingMessage, res: ServerResponse) => void,
    admission: Admission | undefined,
  ): void {
    const quota = admission ? quotaHeaders(admission) : [];
    let answer: DirectAnswer | Promise<DirectAnswer | undefined> | undefined;
    for (let i = 0; answer === undefined && i < this.direct.length; i++) answer = this.direct[i]!.directAnswer(req.method ?? '', req.url ?? '', req.headers);
    if (answer instanceof Promise) return void this.settle(answer, req, res, started, koa, quota, admission);
    if (answer !== undefined) return this.write(answer, req, res, started, quota);
    if (admission) this.gate.handOver(req, admission);
    koa(req, res);
  }

  /** Goes on with a request once its key was read (a key this process had not seen), or hands its refusal to Koa. */
  private async admitted(
    pending: Promise<Admission>,
    req: IncomingMessage,
    res: ServerResponse,
    started: number,
    koa: (req: IncomingMessage, res: ServerResponse) => void,
  ): Promise<void> {
    this.inFlight++;
    try {
      this.proceed(req, res, started, koa, await pending);
    } catch (error) {
      this.failedDirect.set(req, error);
      koa(req, res);
    } finally {
      if (--this.inFlight === 0) this.drained?.();
    }
  }

  /** Writes a direct answer once its use case has made it, or hands the request to Koa after all. */
  private async settle(
    pending: Promise<DirectAnswer | undefined>,
    req: IncomingMessage,
    res: ServerResponse,
    started: number,
    koa: (req: IncomingMessage, res: ServerResponse) => void,
    quota: Headers,
    admission?: Admission,
  ): Promise<void> {
    this.inFlight++;
    let answer: DirectAnswer | undefined;
    try {
      answer = await pending;
    } catch (error) {
      // Koa answers the failure in the envelope, as the route would have, without running it again.
      this.failedDirect.set(req, error);
      answer = undefined;
    }
    try {
      if (answer !== undefined) {
        if (!res.destroyed) this.write(answer, req, res, started, quota);
      } else {
        if (admission) this.gate.handOver(req, admission);
        koa(req, res);
      }
    } finally {
      if (--this.inFlight === 0) this.drained?.();
    }
  }

  /** Writes `answer` at once, stamped (request id, security headers), logged and counted like any other. */
  private write(answer: DirectAnswer, req: IncomingMessage, res: ServerResponse, started: number, quota: Headers): void {
    const url = req.url ?? '';
    const incoming = req.headers['x-request-id'];
    const requestId = this.stamp.requestIdOf(typeof incoming === 'string' ? incoming : undefined);
    // Direct answers are public reads (verify answers): shared with every origin.
    const headers = [...this.stamp.headers(requestId), ...(this.gate.enabled ? TIERED_READ_CORS : PUBLIC_READ_CORS), ...answer.headers, ...quota];
    if (this.closing) headers.push(['Connection', 'close']);
    res.writeHead(answer.status, headers.flat());
    res.end(answer.body);
    const path = url.indexOf('?') === -1 ? url : url.slice(0, url.indexOf('?'));
    const ip = clientIpOf(req, this.config.trustProxy);
    this.stamp.served({ requestId, route: answer.route, method: req.method ?? '', path, status: answer.status, ms: performance.now() - started, ip });
  }

  /**
   * Stops accepting connections and lets every request already taken finish, its database work and
   * mail included (10 s at most, then the remaining connections are cut), then returns.
   */
  async close(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = undefined;
    this.closing = true;
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    // Refused connections are only waiting to close: nothing of theirs is worth waiting for.
    this.guard?.cutRefused();
    const handled = new Promise<void>((resolve) => {
      this.drained = resolve;
      if (this.inFlight === 0) resolve();
    });
    server.closeIdleConnections();
    let force: NodeJS.Timeout | undefined;
    const grace = new Promise<void>((resolve) => {
      force = setTimeout(() => {
        this.logger.warn({ inFlight: this.inFlight }, 'shutdown grace period over: cutting the remaining connections');
        server.closeAllConnections();
        resolve();
      }, SHUTDOWN_GRACE_MS);
    });
    await Promise.race([Promise.all([closed, handled]), grace]);
    clearTimeout(force);
  }
}
