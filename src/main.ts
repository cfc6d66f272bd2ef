import 'reflect-metadata';
import { Container, ContainerModule } from 'inversify';
import type { DestinationStream } from 'pino';
// configuration
import { createLogger } from './adapters/log/create-logger.js';
import { AppConfig } from './application/ports/app-config.js';
import { Logger } from './application/ports/logger.js';
import { PopularDomains } from './application/ports/popular-domains.js';
import { OriginPolicy } from './adapters/shared/origin-policy.js';
// modules of their own areas
import { httpModule } from './adapters/http/http-module.js';
import { mcpModule } from './adapters/mcp/mcp-module.js';
import type { DatabaseOptions } from './adapters/persistence/create-knex.js';
import { persistenceModule } from './adapters/persistence/persistence-module.js';
import { queueModule, type QueueTuning } from './adapters/queue/queue-module.js';
import { jobsModule } from './application/jobs/jobs-module.js';
import { useCasesModule } from './application/use-cases.js';
import { DEFAULT_JOB_TIMINGS, JobTimings } from './application/jobs/job-timings.js';
// outbound and local services
import { SystemClock } from './adapters/clock/system-clock.js';
import { SystemTimers } from './adapters/clock/system-timers.js';
import { DnsResolverOptions, NodeDnsResolver } from './adapters/dns/node-dns-resolver.js';
import { AddressPolicy } from './adapters/fetch/address-policy.js';
import { FetcherOptions, userAgentFor } from './adapters/fetch/fetcher-options.js';
import { NodeFetchSiteFetcher } from './adapters/fetch/node-fetch-site-fetcher.js';
import { CdnPurgeOptions, NodeFetchCdnPurge } from './adapters/fetch/node-fetch-cdn-purge.js';
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
import { JoseJwkThumbprints } from './adapters/signing/jose-jwk-thumbprints.js';
import { JwkThumbprints } from './application/ports/jwk-thumbprints.js';
import { StandardWebhookSigner } from './adapters/signing/standard-webhook-signer.js';
import { ReportSigningOptions } from './adapters/signing/report-signing-options.js';
import { NodeTlsInspector, TlsInspectorOptions } from './adapters/tls/node-tls-inspector.js';
import { FileDocumentTemplates } from './adapters/templates/file-document-templates.js';
import { AddressGuard } from './application/ports/address-guard.js';
import { CdnPurge } from './application/ports/cdn-purge.js';
import { LogCrypto } from './application/ports/log-crypto.js';
import { RemoteLog } from './application/ports/remote-log.js';
import { NodeLogCrypto } from './adapters/signing/node-log-crypto.js';
import { NodeFetchRemoteLog } from './adapters/fetch/node-fetch-remote-log.js';
import { NodeFetchVettedApi } from './adapters/fetch/node-fetch-vetted-api.js';
import { VettedApi } from './application/ports/vetted-api.js';
import { DocumentTemplates } from './application/ports/document-templates.js';
import { Clock } from './application/ports/clock.js';
import { Timers } from './application/ports/timers.js';
import { DnsResolver } from './application/ports/dns-resolver.js';
import { DomainAgeSource } from './application/ports/domain-age-source.js';
import { OwnershipProbe } from './application/ports/ownership-probe.js';
import { IdnaCodec } from './application/ports/idna-codec.js';
import { Mailer } from './application/ports/mailer.js';
import { RandomTokens } from './application/ports/random-tokens.js';
import { ReportSigner } from './application/ports/report-signer.js';
import { VerdictVerifier } from './application/ports/verdict-verifier.js';
import { WebhookSigner } from './application/ports/webhook-signer.js';
import { ReputationChecks } from './application/ports/reputation-checks.js';
import { SiteFetcher } from './application/ports/site-fetcher.js';
import { TlsInspector } from './application/ports/tls-inspector.js';
import { TokenHasher } from './application/ports/token-hasher.js';
import { SERVICE_VERSION } from './application/views/service-facts.js';
import { KnexOutboxMailer } from './adapters/persistence/knex-outbox-mailer.js';
import { PromMetrics } from './adapters/metrics/prom-metrics.js';
import { Metrics } from './application/ports/metrics.js';
import { MetricsExposition } from './application/ports/metrics-exposition.js';
// driving: the CLI
import { cliModule } from './adapters/cli/cli-module.js';

export interface ContainerOptions {
  readonly database?: DatabaseOptions;
  /** Where logs go (stdout by default); tests pass a sink. */
  readonly logDestination?: DestinationStream;
  /** Queue settings beyond the configuration (PostgreSQL): faster polling and maintenance, for tests. */
  readonly jobs?: QueueTuning;
  /** Leases and claims of background work; tests of crashes shorten them. */
  readonly jobTimings?: JobTimings;
  /** Fetcher settings beyond the configuration: extra trusted CAs and a port map, for tests. */
  readonly fetcher?: FetcherTuning;
  /**
   * Modules loaded after Vetted's own: an embedding service's own MCP tools, routes, commands or
   * job handlers, bound to the same sets (MCP_TOOL, HttpRoutes, ...) as Vetted's.
   */
  readonly modules?: readonly ContainerModule[];
}

/**
 * The composition root: one container of singletons, made of each area's ContainerModule. The only
 * place that sees everything. Resources close through the container: `await container.unbindAllAsync()`
 * runs the deactivation handlers (the database pool, the queue, the change propagation, the SMTP transport).
 */
export function buildContainer(config: AppConfig, options: ContainerOptions = {}): Container {
  const c = new Container({ defaultScope: 'Singleton' });
  const logger = createLogger(config, options.logDestination);
  c.load(
    configurationModule(config, logger, options.jobTimings ?? DEFAULT_JOB_TIMINGS),
    persistenceModule(config, logger, options.database),
    queueModule(config, { schema: options.database?.schema, tuning: options.jobs }),
    outboundModule(config, options.fetcher),
    useCasesModule,
    jobsModule,
    httpModule,
    mcpModule,
    cliModule,
    ...(options.modules ?? []),
  );
  return c;
}

function configurationModule(config: AppConfig, logger: Logger, jobTimings: JobTimings): ContainerModule {
  return new ContainerModule(({ bind }) => {
    bind<AppConfig>(AppConfig).toConstantValue(config);
    bind<PopularDomains>(PopularDomains).toConstantValue(config.popularDomains);
    bind<Logger>(Logger).toConstantValue(logger);
    bind<JobTimings>(JobTimings).toConstantValue(jobTimings);
    bind(OriginPolicy).toConstantValue(new OriginPolicy(config.baseUrl, config.mcpAllowedOrigins, config.mcpAllowedHosts));
  });
}

/** Fetcher settings beyond the configuration: extra trusted CAs and a port map, for tests. */
type FetcherTuning = Pick<FetcherOptions, 'ca' | 'portMap' | 'connectTimeoutMs' | 'resourceTimeoutMs'>;

/**
 * The driven adapters besides the database and the queue, from several adapter folders (so bound
 * here, where every adapter may be seen): clock and timers, tokens, signing, mail (SMTP with
 * SMTP_URL, else the outbox table), the safe fetcher with its address policy and resolver, the CDN
 * purge (only with CDN_PURGE_URL), TLS, RDAP,
 * DNS reputation, the metrics registry (one per container: counted by the use cases, served by MetricsRoutes),
 * and the published documents' Markdown templates (read once, from the files beside their views).
 */
function outboundModule(config: AppConfig, fetcher: FetcherTuning = {}): ContainerModule {
  return new ContainerModule(({ bind }) => {
    bind<Clock>(Clock).to(SystemClock);
    bind<Timers>(Timers).to(SystemTimers);
    bind<RandomTokens>(RandomTokens).to(CryptoRandomTokens);
    bind<TokenHasher>(TokenHasher).to(Sha256TokenHasher);
    bind<IdnaCodec>(IdnaCodec).to(NodeIdnaCodec);
    bind<ReportSigningOptions>(ReportSigningOptions).toConstantValue({ configuredKey: config.reportSigningKey });
    bind<ReportSigner>(ReportSigner).to(Ed25519ReportSigner);
    bind<VerdictVerifier>(VerdictVerifier).to(JoseVerdictVerifier);
    bind<JwkThumbprints>(JwkThumbprints).to(JoseJwkThumbprints);
    bind<LogCrypto>(LogCrypto).to(NodeLogCrypto);
    bind<RemoteLog>(RemoteLog).to(NodeFetchRemoteLog);
    bind<VettedApi>(VettedApi).to(NodeFetchVettedApi);
    bind<WebhookSigner>(WebhookSigner).to(StandardWebhookSigner);
    if (config.smtpUrl) {
      bind<SmtpMailerOptions>(SmtpMailerOptions).toConstantValue({ url: config.smtpUrl, from: config.mailFrom });
      bind(SmtpMailer)
        .toSelf()
        .onDeactivation((mailer) => mailer.close());
      bind<Mailer>(Mailer).toService(SmtpMailer);
    } else {
      bind<Mailer>(Mailer).to(KnexOutboxMailer);
    }
    bind<AddressGuard>(AddressGuard).toConstantValue(new AddressPolicy(config.scanAllowedNetworks));
    bind<DnsResolverOptions>(DnsResolverOptions).toConstantValue({ servers: [...config.dnsServers] });
    bind<DnsResolver>(DnsResolver).to(NodeDnsResolver);
    bind<FetcherOptions>(FetcherOptions).toConstantValue({ userAgent: userAgentFor(SERVICE_VERSION, config.baseUrl), ...fetcher });
    bind<SiteFetcher>(SiteFetcher).to(NodeFetchSiteFetcher);
    if (config.cdnPurgeUrl) {
      bind<CdnPurgeOptions>(CdnPurgeOptions).toConstantValue({ url: config.cdnPurgeUrl, userAgent: userAgentFor(SERVICE_VERSION, config.baseUrl) });
      bind<CdnPurge>(CdnPurge).to(NodeFetchCdnPurge);
    }
    bind<TlsInspectorOptions>(TlsInspectorOptions).toConstantValue({ ca: fetcher.ca, portMap: fetcher.portMap });
    bind<TlsInspector>(TlsInspector).to(NodeTlsInspector);
    bind<DomainAgeSourceOptions>(DomainAgeSourceOptions).toConstantValue({ rdapBaseUrl: config.rdapBaseUrl });
    bind<DomainAgeSource>(DomainAgeSource).to(RdapDomainAgeSource);
    bind<OwnershipProbe>(OwnershipProbe).to(RdapOwnershipProbe);
    bind<ReputationChecksOptions>(ReputationChecksOptions).toConstantValue({});
    bind<ReputationChecks>(ReputationChecks).to(DnsReputationChecks);
    bind(PromMetrics).toSelf();
    bind<Metrics>(Metrics).toService(PromMetrics);
    bind<MetricsExposition>(MetricsExposition).toService(PromMetrics);
    bind<DocumentTemplates>(DocumentTemplates).to(FileDocumentTemplates).inSingletonScope();
  });
}
