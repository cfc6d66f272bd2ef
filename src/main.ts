import 'reflect-metadata';
import { Container } from 'inversify';
import type { Knex } from 'knex';
import type { DestinationStream } from 'pino';
// configuration
import { createLogger } from './adapters/log/create-logger.js';
import { AppConfig } from './application/ports/app-config.js';
import { Logger } from './application/ports/logger.js';
// persistence
import { ChangeFeedOptions } from './adapters/persistence/change-feed-options.js';
import { StorageFaultClassifier } from './adapters/persistence/storage-faults.js';
import { KnexStoreHealth } from './adapters/persistence/knex-store-health.js';
import { createKnex, Database, type DatabaseOptions } from './adapters/persistence/create-knex.js';
import { KnexBlocklist } from './adapters/persistence/knex-blocklist.js';
import { KnexEntityRepository } from './adapters/persistence/knex-entity-repository.js';
import { KnexOutboxMailer } from './adapters/persistence/knex-outbox-mailer.js';
import { KnexProofRepository } from './adapters/persistence/knex-proof-repository.js';
import { KnexRegistrationRepository } from './adapters/persistence/knex-registration-repository.js';
import { KnexWatchRepository } from './adapters/persistence/knex-watch-repository.js';
import { KnexWebhookOutbox } from './adapters/persistence/knex-webhook-outbox.js';
import { KnexRegistryReader } from './adapters/persistence/knex-registry-reader.js';
import { KnexReportRepository } from './adapters/persistence/knex-report-repository.js';
import { KnexScanAdmission } from './adapters/persistence/knex-scan-admission.js';
import { KnexScanJobRepository } from './adapters/persistence/knex-scan-job-repository.js';
import { KnexSchemaMigrator } from './adapters/persistence/knex-schema-migrator.js';
import { KnexSigningKeyStore } from './adapters/persistence/knex-signing-key-store.js';
import { KnexTrustObservationStore } from './adapters/persistence/knex-trust-observation-store.js';
import { KnexObservationSchedule } from './adapters/persistence/knex-observation-schedule.js';
import { KnexOwnershipEvidenceStore } from './adapters/persistence/knex-ownership-evidence-store.js';
import { PgListenChangeFeed } from './adapters/persistence/pg-listen-change-feed.js';
import { SqlitePollingChangeFeed } from './adapters/persistence/sqlite-polling-change-feed.js';
import { InProcessJobQueue } from './adapters/queue/in-process-job-queue.js';
import { InProcessJobQueueOptions, JobQueueOptions } from './adapters/queue/job-queue-options.js';
import { PgBossJobQueue } from './adapters/queue/pg-boss-job-queue.js';
import { Blocklist } from './application/ports/blocklist.js';
import { ChangeFeed } from './application/ports/change-feed.js';
import { EntityRepository } from './application/ports/entity-repository.js';
import { FaultClassifier } from './application/ports/fault-classifier.js';
import { StoreHealth } from './application/ports/store-health.js';
import { JobQueue } from './application/ports/job-queue.js';
import { ProofRepository } from './application/ports/proof-repository.js';
import { RegistrationRepository } from './application/ports/registration-repository.js';
import { RegistryReader } from './application/ports/registry-reader.js';
import { ReportRepository } from './application/ports/report-repository.js';
import { AdmissionLimits, ScanAdmission } from './application/ports/scan-admission.js';
import { ScanJobRepository } from './application/ports/scan-job-repository.js';
import { SchemaMigrator } from './application/ports/schema-migrator.js';
import { SigningKeyStore } from './application/ports/signing-key-store.js';
import { TrustObservationStore } from './application/ports/trust-observation-store.js';
import { ObservationSchedule } from './application/ports/observation-schedule.js';
import { OwnershipEvidenceStore } from './application/ports/ownership-evidence-store.js';
// outbound and local services
import { SystemClock } from './adapters/clock/system-clock.js';
import { DnsResolverOptions, NodeDnsResolver } from './adapters/dns/node-dns-resolver.js';
import { AddressPolicy } from './adapters/fetch/address-policy.js';
import { FetcherOptions, userAgentFor } from './adapters/fetch/fetcher-options.js';
import { NodeFetchSiteFetcher } from './adapters/fetch/node-fetch-site-fetcher.js';
import { NodeIdnaCodec } from './adapters/idna/node-idna-codec.js';
import { SmtpMailer } from './adapters/mail/smtp-mailer.js';
import { SmtpMailerOptions } from './adapters/mail/smtp-mailer-options.js';
import { CryptoRandomTokens } from './adapters/random/crypto-random-tokens.js';
import { Sha256TokenHasher } from './adapters/random/sha256-token-hasher.js';
import { DomainAgeSourceOptions, RdapDomainAgeSource } from './adapters/rdap/rdap-domain-age-source.js';
import { RdapOwnershipProbe } from './adapters/rdap/rdap-ownership-probe.js';
import { DnsReputationChecks, ReputationChecksOptions } from './adapters/reputation/dns-reputation-checks.js';
import { Ed25519ReportSigner } from './adapters/signing/ed25519-report-signer.js';
import { JoseVerdictVerifier } from './adapters/signing/jose-verdict-verifier.js';
import { StandardWebhookSigner } from './adapters/signing/standard-webhook-signer.js';
import { ReportSigningOptions } from './adapters/signing/report-signing-options.js';
import { NodeTlsInspector, TlsInspectorOptions } from './adapters/tls/node-tls-inspector.js';
import { AddressGuard } from './application/ports/address-guard.js';
import { Clock } from './application/ports/clock.js';
import { DnsResolver } from './application/ports/dns-resolver.js';
import { DomainAgeSource } from './application/ports/domain-age-source.js';
import { OwnershipProbe } from './application/ports/ownership-probe.js';
import { IdnaCodec } from './application/ports/idna-codec.js';
import { Mailer } from './application/ports/mailer.js';
import { RandomTokens } from './application/ports/random-tokens.js';
import { ReportSigner } from './application/ports/report-signer.js';
import { VerdictVerifier } from './application/ports/verdict-verifier.js';
import { WatchRepository } from './application/ports/watch-repository.js';
import { WebhookOutbox } from './application/ports/webhook-outbox.js';
import { WebhookSigner } from './application/ports/webhook-signer.js';
import { ReputationChecks } from './application/ports/reputation-checks.js';
import { SiteFetcher } from './application/ports/site-fetcher.js';
import { TlsInspector } from './application/ports/tls-inspector.js';
import { TokenHasher } from './application/ports/token-hasher.js';
import { SERVICE_VERSION } from './application/views/service-facts.js';
// use cases
import { ChangePropagation } from './application/change-propagation.js';
import { USE_CASES } from './application/use-cases.js';
import { DEFAULT_JOB_TIMINGS, JobTimings } from './application/job-timings.js';
// driving
import { CliCommands } from './adapters/cli/cli-commands.js';
import { HttpServer } from './adapters/http/http-server.js';
import { DocRoutes } from './adapters/http/routes/doc-routes.js';
import { RegistrationRoutes } from './adapters/http/routes/registration-routes.js';
import { WatchRoutes } from './adapters/http/routes/watch-routes.js';
import { RegistryRoutes } from './adapters/http/routes/registry-routes.js';
import { ReportRoutes } from './adapters/http/routes/report-routes.js';
import { ScanRoutes } from './adapters/http/routes/scan-routes.js';
import { ScanStatusRoutes } from './adapters/http/routes/scan-status-routes.js';
import { SiteFileRoutes } from './adapters/http/routes/site-file-routes.js';
import { WellKnownRoutes } from './adapters/http/routes/well-known-routes.js';
import { McpEndpoint } from './adapters/mcp/mcp-endpoint.js';
import { MetricsRoutes } from './adapters/http/routes/metrics-routes.js';
import { OpenApiRoutes } from './adapters/http/routes/openapi-routes.js';
import { PromMetrics } from './adapters/metrics/prom-metrics.js';
import { Metrics } from './application/ports/metrics.js';
import { MetricsExposition } from './application/ports/metrics-exposition.js';
import { VettedTools } from './adapters/mcp/vetted-tools.js';
import { OpenApiDescription } from './adapters/http/openapi/openapi-document.js';
import { HttpRoutes } from './adapters/shared/http-routes.js';
import { OriginPolicy } from './adapters/shared/origin-policy.js';
import { BadgeRoutes } from './adapters/http/routes/badge-routes.js';
import { ReportHistoryRoutes } from './adapters/http/routes/report-history-routes.js';


function isPostgresUrl(url: string): boolean {
  return /^postgres(ql)?:\/\//.test(url);
}

export interface ContainerOptions {
  readonly database?: DatabaseOptions;
  /** Where logs go (stdout by default); tests pass a sink. */
  readonly logDestination?: DestinationStream;
  /** Queue settings beyond the configuration (PostgreSQL): faster polling and maintenance, for tests. */
  readonly jobs?: Pick<JobQueueOptions, 'pollingIntervalSeconds' | 'maintenanceIntervalSeconds' | 'cronMonitorIntervalSeconds' | 'cronWorkerIntervalSeconds' | 'retryDelaySeconds'>;
  /** Leases and claims of background work; tests of crashes shorten them. */
  readonly jobTimings?: JobTimings;
  /** Fetcher settings beyond the configuration: extra trusted CAs and a port map, for tests. */
  readonly fetcher?: Pick<FetcherOptions, 'ca' | 'portMap' | 'connectTimeoutMs' | 'resourceTimeoutMs'>;
}

/**
 * The composition root: binds every port to its adapter. The only place that sees everything.
 * Resources close through the container: `await container.unbindAllAsync()` runs the deactivation
 * handlers (the database pool, the SMTP transport).
 */
export function buildContainer(config: AppConfig, options: ContainerOptions = {}): Container {
  const c = new Container({ defaultScope: 'Singleton' });

  // configuration
  c.bind<AppConfig>(AppConfig).toConstantValue(config);
  c.bind(OriginPolicy).toConstantValue(new OriginPolicy(config.baseUrl, config.mcpAllowedOrigins, config.mcpAllowedHosts));
  const logger = createLogger(config, options.logDestination);
  c.bind<Logger>(Logger).toConstantValue(logger);

  // persistence
  c.bind<Knex>(Database)
    .toConstantValue(createKnex(config.databaseUrl, { ...options.database, log: (level, message) => logger[level]({ component: 'database' }, message) }))
    .onDeactivation((db) => db.destroy());
  c.bind<SchemaMigrator>(SchemaMigrator).to(KnexSchemaMigrator);
  c.bind<FaultClassifier>(FaultClassifier).to(StorageFaultClassifier);
  c.bind<StoreHealth>(StoreHealth).to(KnexStoreHealth);
  c.bind<EntityRepository>(EntityRepository).to(KnexEntityRepository);
  c.bind<Blocklist>(Blocklist).to(KnexBlocklist);
  c.bind<RegistryReader>(RegistryReader).to(KnexRegistryReader);
  c.bind<ReportRepository>(ReportRepository).to(KnexReportRepository);
  c.bind<SigningKeyStore>(SigningKeyStore).to(KnexSigningKeyStore);
  c.bind<RegistrationRepository>(RegistrationRepository).to(KnexRegistrationRepository);
  c.bind<WatchRepository>(WatchRepository).to(KnexWatchRepository);
  c.bind<WebhookOutbox>(WebhookOutbox).to(KnexWebhookOutbox);
  c.bind<ProofRepository>(ProofRepository).to(KnexProofRepository);
  c.bind<TrustObservationStore>(TrustObservationStore).to(KnexTrustObservationStore);
  c.bind<ObservationSchedule>(ObservationSchedule).to(KnexObservationSchedule);
  c.bind<OwnershipEvidenceStore>(OwnershipEvidenceStore).to(KnexOwnershipEvidenceStore);
  c.bind<AdmissionLimits>(AdmissionLimits).toConstantValue(config.scanLimits);
  c.bind<ScanAdmission>(ScanAdmission).to(KnexScanAdmission);
  c.bind<ScanJobRepository>(ScanJobRepository).to(KnexScanJobRepository);

  // many instances: what other processes wrote, and work done once
  const schema = options.database?.schema;
  c.bind<ChangeFeedOptions>(ChangeFeedOptions).toConstantValue({ connectionString: config.databaseUrl, schema });
  if (isPostgresUrl(config.databaseUrl)) {
    c.bind<ChangeFeed>(ChangeFeed).to(PgListenChangeFeed);
    c.bind<JobQueueOptions>(JobQueueOptions).toConstantValue({ connectionString: config.databaseUrl, schema: schema ? `${schema}_jobs` : 'pgboss', ...options.jobs });
    c.bind<JobQueue>(JobQueue).to(PgBossJobQueue).onDeactivation((queue) => queue.stop({ graceful: false }));
  } else {
    c.bind<ChangeFeed>(ChangeFeed).to(SqlitePollingChangeFeed);
    c.bind<InProcessJobQueueOptions>(InProcessJobQueueOptions).toConstantValue({});
    c.bind<JobQueue>(JobQueue).to(InProcessJobQueue).onDeactivation((queue) => queue.stop({ graceful: false }));
  }

  // outbound and local services
  c.bind<Clock>(Clock).to(SystemClock);
  c.bind<RandomTokens>(RandomTokens).to(CryptoRandomTokens);
  c.bind<TokenHasher>(TokenHasher).to(Sha256TokenHasher);
  c.bind<IdnaCodec>(IdnaCodec).to(NodeIdnaCodec);
  c.bind<ReportSigningOptions>(ReportSigningOptions).toConstantValue({ configuredKey: config.reportSigningKey });
  c.bind<ReportSigner>(ReportSigner).to(Ed25519ReportSigner);
  c.bind<VerdictVerifier>(VerdictVerifier).to(JoseVerdictVerifier);
  c.bind<WebhookSigner>(WebhookSigner).to(StandardWebhookSigner);
  if (config.smtpUrl) {
    c.bind<SmtpMailerOptions>(SmtpMailerOptions).toConstantValue({ url: config.smtpUrl, from: config.mailFrom });
    c.bind(SmtpMailer).toSelf().onDeactivation((mailer) => mailer.close());
    c.bind<Mailer>(Mailer).toService(SmtpMailer);
  } else {
    c.bind<Mailer>(Mailer).to(KnexOutboxMailer);
  }
  c.bind<AddressGuard>(AddressGuard).toConstantValue(new AddressPolicy(config.scanAllowedNetworks));
  c.bind<DnsResolverOptions>(DnsResolverOptions).toConstantValue({ servers: [...config.dnsServers] });
  c.bind<DnsResolver>(DnsResolver).to(NodeDnsResolver);
  c.bind<FetcherOptions>(FetcherOptions).toConstantValue({ userAgent: userAgentFor(SERVICE_VERSION, config.baseUrl), ...options.fetcher });
  c.bind<SiteFetcher>(SiteFetcher).to(NodeFetchSiteFetcher);
  c.bind<TlsInspectorOptions>(TlsInspectorOptions).toConstantValue({ ca: options.fetcher?.ca, portMap: options.fetcher?.portMap });
  c.bind<TlsInspector>(TlsInspector).to(NodeTlsInspector);
  c.bind<DomainAgeSourceOptions>(DomainAgeSourceOptions).toConstantValue({ rdapBaseUrl: config.rdapBaseUrl });
  c.bind<DomainAgeSource>(DomainAgeSource).to(RdapDomainAgeSource);
  c.bind<OwnershipProbe>(OwnershipProbe).to(RdapOwnershipProbe);
  c.bind<ReputationChecksOptions>(ReputationChecksOptions).toConstantValue({});
  c.bind<ReputationChecks>(ReputationChecks).to(DnsReputationChecks);

  // metrics: one registry per container, counted by the use cases, served by MetricsRoutes
  c.bind(PromMetrics).toSelf();
  c.bind<Metrics>(Metrics).toService(PromMetrics);
  c.bind<MetricsExposition>(MetricsExposition).toService(PromMetrics);

  // use cases
  c.bind<JobTimings>(JobTimings).toConstantValue(options.jobTimings ?? DEFAULT_JOB_TIMINGS);
  for (const useCase of USE_CASES) c.bind(useCase).toSelf();
  c.bind(ChangePropagation).toSelf().onDeactivation((propagation) => propagation.stop());

  // driving: the HTTP route areas (MCP is one of them), the server, the CLI
  c.bind<HttpRoutes>(HttpRoutes).to(RegistryRoutes);
  c.bind<HttpRoutes>(HttpRoutes).to(BadgeRoutes);
  c.bind<HttpRoutes>(HttpRoutes).to(ScanRoutes);
  c.bind<HttpRoutes>(HttpRoutes).to(ScanStatusRoutes);
  c.bind<HttpRoutes>(HttpRoutes).to(ReportRoutes);
  c.bind<HttpRoutes>(HttpRoutes).to(ReportHistoryRoutes);
  c.bind<HttpRoutes>(HttpRoutes).to(RegistrationRoutes);
  c.bind<HttpRoutes>(HttpRoutes).to(WatchRoutes);
  c.bind<HttpRoutes>(HttpRoutes).to(DocRoutes);
  c.bind<HttpRoutes>(HttpRoutes).to(WellKnownRoutes);
  c.bind<HttpRoutes>(HttpRoutes).to(SiteFileRoutes);
  c.bind<HttpRoutes>(HttpRoutes).to(McpEndpoint);
  c.bind<HttpRoutes>(HttpRoutes).to(MetricsRoutes);
  c.bind<HttpRoutes>(HttpRoutes).to(OpenApiRoutes);
  c.bind(OpenApiDescription).toSelf();
  c.bind(VettedTools).toSelf();
  c.bind(HttpServer).toSelf();
  c.bind(CliCommands).toSelf();
  return c;
}
