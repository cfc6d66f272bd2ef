import { ContainerModule } from 'inversify';
import { HttpServer } from './http-server.js';
import { bindHttpArea, HTTP_OPERATIONS, type HttpOperations } from './openapi/http-operations.js';
import { mcpOperations } from './openapi/mcp-operations.js';
import { OpenApiDescription } from './openapi/openapi-document.js';
import { ReadGate } from './read-gate.js';
import { AccountRoutes } from './routes/account-routes.js';
import { LogRoutes } from './routes/log-routes.js';
import { BadgeRoutes } from './routes/badge-routes.js';
import { DocRoutes } from './routes/doc-routes.js';
import { MetricsRoutes } from './routes/metrics-routes.js';
import { OpenApiRoutes } from './routes/openapi-routes.js';
import { RegistrationPageRoutes } from './routes/registration-page-routes.js';
import { RegistrationRoutes } from './routes/registration-routes.js';
import { LookupRoutes } from './routes/lookup-routes.js';
import { RegistryRoutes } from './routes/registry-routes.js';
import { StatusRoutes } from './routes/status-routes.js';
import { ReportHistoryRoutes } from './routes/report-history-routes.js';
import { ReportRoutes } from './routes/report-routes.js';
import { ScanRoutes } from './routes/scan-routes.js';
import { ScanStatusRoutes } from './routes/scan-status-routes.js';
import { SiteFileRoutes } from './routes/site-file-routes.js';
import { WatchRoutes } from './routes/watch-routes.js';
import { VerdictPageRoutes } from './routes/verdict-page-routes.js';
import { VerifyManyRoutes } from './routes/verify-many-routes.js';
import { WellKnownRoutes } from './routes/well-known-routes.js';

/**
 * The HTTP server and its route areas. A new area is its class (its routes and their OpenAPI
 * operations, side by side) and one entry here; MCP's endpoint is bound by its own module.
 */
export const httpModule = new ContainerModule(({ bind }) => {
  for (const area of [StatusRoutes, RegistryRoutes, VerifyManyRoutes, LookupRoutes]) bindHttpArea(bind, area);
  // One instance serves both its own routes and the pages RegistryRoutes and LookupRoutes give browsers.
  bind(VerdictPageRoutes).toSelf();
  bindHttpArea(bind, VerdictPageRoutes, 'service');
  for (const area of [
    BadgeRoutes,
    ScanRoutes,
    ScanStatusRoutes,
    ReportRoutes,
    ReportHistoryRoutes,
    RegistrationRoutes,
    RegistrationPageRoutes,
    AccountRoutes,
    WatchRoutes,
    LogRoutes,
    WellKnownRoutes,
    MetricsRoutes,
    OpenApiRoutes,
    DocRoutes,
    SiteFileRoutes,
  ])
    bindHttpArea(bind, area);
  // POST /mcp is mounted by the MCP module; what OpenAPI says of it is written with HTTP's helpers.
  bind<HttpOperations>(HTTP_OPERATIONS).toConstantValue(mcpOperations);
  bind(OpenApiDescription).toSelf();
  bind(ReadGate).toSelf();
  bind(HttpServer).toSelf();
});
