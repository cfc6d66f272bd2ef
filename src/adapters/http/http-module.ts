import { ContainerModule } from 'inversify';
import { HttpRoutes } from '../shared/http-routes.js';
import { HttpServer } from './http-server.js';
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
import { RegistryRoutes } from './routes/registry-routes.js';
import { ReportHistoryRoutes } from './routes/report-history-routes.js';
import { ReportRoutes } from './routes/report-routes.js';
import { ScanRoutes } from './routes/scan-routes.js';
import { ScanStatusRoutes } from './routes/scan-status-routes.js';
import { SiteFileRoutes } from './routes/site-file-routes.js';
import { WatchRoutes } from './routes/watch-routes.js';
import { VerdictPageRoutes } from './routes/verdict-page-routes.js';
import { WellKnownRoutes } from './routes/well-known-routes.js';

/** The HTTP server and its route areas (a new area: its class and one line here; MCP's endpoint is bound by its own module). */
export const httpModule = new ContainerModule(({ bind }) => {
  bind<HttpRoutes>(HttpRoutes).to(RegistryRoutes);
  // One instance serves both its own routes and RegistryRoutes' pages for browsers.
  bind(VerdictPageRoutes).toSelf();
  bind<HttpRoutes>(HttpRoutes).toService(VerdictPageRoutes);
  bind<HttpRoutes>(HttpRoutes).to(BadgeRoutes);
  bind<HttpRoutes>(HttpRoutes).to(ScanRoutes);
  bind<HttpRoutes>(HttpRoutes).to(ScanStatusRoutes);
  bind<HttpRoutes>(HttpRoutes).to(ReportRoutes);
  bind<HttpRoutes>(HttpRoutes).to(ReportHistoryRoutes);
  bind<HttpRoutes>(HttpRoutes).to(RegistrationRoutes);
  bind<HttpRoutes>(HttpRoutes).to(RegistrationPageRoutes);
  bind<HttpRoutes>(HttpRoutes).to(WatchRoutes);
  bind<HttpRoutes>(HttpRoutes).to(DocRoutes);
  bind<HttpRoutes>(HttpRoutes).to(WellKnownRoutes);
  bind<HttpRoutes>(HttpRoutes).to(SiteFileRoutes);
  bind<HttpRoutes>(HttpRoutes).to(MetricsRoutes);
  bind<HttpRoutes>(HttpRoutes).to(OpenApiRoutes);
  bind(OpenApiDescription).toSelf();
  bind<HttpRoutes>(HttpRoutes).to(AccountRoutes);
  bind<HttpRoutes>(HttpRoutes).to(LogRoutes);
  bind(ReadGate).toSelf();
  bind(HttpServer).toSelf();
});
