import 'reflect-metadata';
import { Container } from 'inversify';
import type { Knex } from 'knex';
import type { DestinationStream } from 'pino';
import { AddEntity } from './application/add-entity.js';
import { GetStatus } from './application/get-status.js';
import { ListEntities } from './application/list-entities.js';
import { LookupEntity } from './application/lookup-entity.js';
import { ManageBlocklist } from './application/manage-blocklist.js';
import { AppConfig } from './application/ports/app-config.js';
import { Blocklist } from './application/ports/blocklist.js';
import { Clock } from './application/ports/clock.js';
import { EntityRepository } from './application/ports/entity-repository.js';
import { Logger } from './application/ports/logger.js';
import { RegistryReader } from './application/ports/registry-reader.js';
import { SchemaMigrator } from './application/ports/schema-migrator.js';
import { RegistryReadCache } from './application/registry-read-cache.js';
import { VerifyDomain } from './application/verify-domain.js';
import { DnsResolver } from './application/ports/dns-resolver.js';
import { RandomTokens } from './application/ports/random-tokens.js';
import { ReportRepository } from './application/ports/report-repository.js';
import { ReportSigner } from './application/ports/report-signer.js';
import { SigningKeyStore } from './application/ports/signing-key-store.js';
import { SiteFetcher } from './application/ports/site-fetcher.js';
import { GetPublicKeys } from './application/scan/get-public-keys.js';
import { GetReport } from './application/scan/get-report.js';
import { ScanSite } from './application/scan/scan-site.js';
import { RequestScan } from './application/scan/request-scan.js';
import { AdmissionLimits, ScanAdmission } from './application/ports/scan-admission.js';
import { KnexScanAdmission } from './adapters/persistence/knex-scan-admission.js';
import { Mailer } from './application/ports/mailer.js';
import { ProofRepository } from './application/ports/proof-repository.js';
import { RegistrationRepository } from './application/ports/registration-repository.js';
import { TokenHasher } from './application/ports/token-hasher.js';
import { ConfirmRegistration } from './application/registration/confirm-registration.js';
import { ProofChecker } from './application/registration/proof-checker.js';
import { RecheckProofs } from './application/registration/recheck-proofs.js';
import { RegisterDomain } from './application/registration/register-domain.js';
import { SmtpMailer } from './adapters/mail/smtp-mailer.js';
import { SmtpMailerOptions } from './adapters/mail/smtp-mailer-options.js';
import { KnexOutboxMailer } from './adapters/persistence/knex-outbox-mailer.js';
import { KnexProofRepository } from './adapters/persistence/knex-proof-repository.js';
import { KnexRegistrationRepository } from './adapters/persistence/knex-registration-repository.js';
import { Sha256TokenHasher } from './adapters/random/sha256-token-hasher.js';
import { AddressGuard } from './application/ports/address-guard.js';
import { DomainAgeSource } from './application/ports/domain-age-source.js';
import { IdnaCodec } from './application/ports/idna-codec.js';
import { ReputationChecks } from './application/ports/reputation-checks.js';
import { TlsInspector } from './application/ports/tls-inspector.js';
import { TrustObservationStore } from './application/ports/trust-observation-store.js';
import { AssessTrust } from './application/trust/assess-trust.js';
import { AddressPolicy } from './adapters/fetch/address-policy.js';
import { NodeIdnaCodec } from './adapters/idna/node-idna-codec.js';
import { KnexTrustObservationStore } from './adapters/persistence/knex-trust-observation-store.js';
import { DomainAgeSourceOptions, RdapDomainAgeSource } from './adapters/rdap/rdap-domain-age-source.js';
import { DnsReputationChecks, ReputationChecksOptions } from './adapters/reputation/dns-reputation-checks.js';
import { NodeTlsInspector, TlsInspectorOptions } from './adapters/tls/node-tls-inspector.js';
import { SERVICE_VERSION } from './domain/service-info.js';
import { FetcherOptions, userAgentFor } from './adapters/fetch/fetcher-options.js';
import { DnsResolverOptions, NodeDnsResolver } from './adapters/fetch/node-dns-resolver.js';
import { NodeFetchSiteFetcher } from './adapters/fetch/node-fetch-site-fetcher.js';
import { KnexReportRepository } from './adapters/persistence/knex-report-repository.js';
import { KnexSigningKeyStore } from './adapters/persistence/knex-signing-key-store.js';
import { CryptoRandomTokens } from './adapters/random/crypto-random-tokens.js';
import { Ed25519ReportSigner } from './adapters/signing/ed25519-report-signer.js';
import { ReportSigningOptions } from './adapters/signing/report-signing-options.js';
import { CliCommands, type CliIo } from './adapters/cli/cli-commands.js';
import { parseCommand, USAGE } from './adapters/cli/parse-command.js';
import { SystemClock } from './adapters/clock/system-clock.js';
import { ConfigError, loadConfig } from './adapters/config/load-config.js';
import { HttpExtensions, type HttpExtensionList } from './adapters/http/http-extensions.js';
import { HttpServer } from './adapters/http/http-server.js';
import { McpEndpoint } from './adapters/mcp/mcp-endpoint.js';
import { createLogger, flushLogger } from './adapters/log/create-logger.js';
import { createKnex, Database, type DatabaseOptions } from './adapters/persistence/create-knex.js';
import { KnexBlocklist } from './adapters/persistence/knex-blocklist.js';
import { KnexEntityRepository } from './adapters/persistence/knex-entity-repository.js';
import { KnexRegistryReader } from './adapters/persistence/knex-registry-reader.js';
import { KnexSchemaMigrator } from './adapters/persistence/knex-schema-migrator.js';

export interface ContainerOptions {
  readonly database?: DatabaseOptions;
  /** Where logs go (stdout by default); tests pass a sink. */
  readonly logDestination?: DestinationStream;
  /** Fetcher settings beyond the configuration: extra trusted CAs and a port map, for tests. */
  readonly fetcher?: Pick<FetcherOptions, 'ca' | 'portMap' | 'connectTimeoutMs' | 'resourceTimeoutMs'>;
}

/** The composition root: binds every port to its adapter. The only place that sees everything. */
export function buildContainer(config: AppConfig, options: ContainerOptions = {}): Container {
  const c = new Container({ defaultScope: 'Singleton' });
  c.bind<AppConfig>(AppConfig).toConstantValue(config);
  c.bind<Logger>(Logger).toConstantValue(createLogger(config, options.logDestination));
  c.bind<Knex>(Database).toConstantValue(createKnex(config.databaseUrl, options.database));
  c.bind<Clock>(Clock).to(SystemClock);
  c.bind<SchemaMigrator>(SchemaMigrator).to(KnexSchemaMigrator);
  c.bind<EntityRepository>(EntityRepository).to(KnexEntityRepository);
  c.bind<Blocklist>(Blocklist).to(KnexBlocklist);
  c.bind<RegistryReader>(RegistryReader).to(KnexRegistryReader);
  c.bind<ReportRepository>(ReportRepository).to(KnexReportRepository);
  c.bind<SigningKeyStore>(SigningKeyStore).to(KnexSigningKeyStore);
  c.bind<ReportSigningOptions>(ReportSigningOptions).toConstantValue({ configuredKey: config.reportSigningKey });
  c.bind<ReportSigner>(ReportSigner).to(Ed25519ReportSigner);
  c.bind<RandomTokens>(RandomTokens).to(CryptoRandomTokens);
  c.bind<TokenHasher>(TokenHasher).to(Sha256TokenHasher);
  c.bind<RegistrationRepository>(RegistrationRepository).to(KnexRegistrationRepository);
  c.bind<ProofRepository>(ProofRepository).to(KnexProofRepository);
  if (config.smtpUrl) {
    c.bind<SmtpMailerOptions>(SmtpMailerOptions).toConstantValue({ url: config.smtpUrl, from: config.mailFrom });
    c.bind<Mailer>(Mailer).to(SmtpMailer);
  } else {
    c.bind<Mailer>(Mailer).to(KnexOutboxMailer);
  }
  c.bind<AddressGuard>(AddressGuard).toConstantValue(new AddressPolicy(config.scanAllowedNetworks));
  c.bind<TlsInspectorOptions>(TlsInspectorOptions).toConstantValue({ ca: options.fetcher?.ca, portMap: options.fetcher?.portMap });
  c.bind<TlsInspector>(TlsInspector).to(NodeTlsInspector);
  c.bind<DomainAgeSourceOptions>(DomainAgeSourceOptions).toConstantValue({ rdapBaseUrl: config.rdapBaseUrl });
  c.bind<DomainAgeSource>(DomainAgeSource).to(RdapDomainAgeSource);
  c.bind<ReputationChecksOptions>(ReputationChecksOptions).toConstantValue({});
  c.bind<ReputationChecks>(ReputationChecks).to(DnsReputationChecks);
  c.bind<TrustObservationStore>(TrustObservationStore).to(KnexTrustObservationStore);
  c.bind<IdnaCodec>(IdnaCodec).to(NodeIdnaCodec);
  c.bind<AdmissionLimits>(AdmissionLimits).toConstantValue(config.scanLimits);
  c.bind<ScanAdmission>(ScanAdmission).to(KnexScanAdmission);
  c.bind<DnsResolverOptions>(DnsResolverOptions).toConstantValue({ servers: [...config.dnsServers] });
  c.bind<DnsResolver>(DnsResolver).to(NodeDnsResolver);
  c.bind<FetcherOptions>(FetcherOptions).toConstantValue({
    userAgent: userAgentFor(SERVICE_VERSION, config.baseUrl),
    allowedNetworks: config.scanAllowedNetworks,
    ...options.fetcher,
  });
  c.bind<SiteFetcher>(SiteFetcher).to(NodeFetchSiteFetcher);

  c.bind(RegistryReadCache).toSelf();
  c.bind(GetStatus).toSelf();
  c.bind(VerifyDomain).toSelf();
  c.bind(LookupEntity).toSelf();
  c.bind(AddEntity).toSelf();
  c.bind(ListEntities).toSelf();
  c.bind(ManageBlocklist).toSelf();
  c.bind(ScanSite).toSelf();
  c.bind(RequestScan).toSelf();
  c.bind(ProofChecker).toSelf();
  c.bind(RegisterDomain).toSelf();
  c.bind(ConfirmRegistration).toSelf();
  c.bind(RecheckProofs).toSelf();
  c.bind(AssessTrust).toSelf();
  c.bind(GetReport).toSelf();
  c.bind(GetPublicKeys).toSelf();

  c.bind(McpEndpoint).toSelf();
  c.bind<HttpExtensionList>(HttpExtensions).toDynamicValue((ctx) => [ctx.get(McpEndpoint).middleware()]);
  c.bind(HttpServer).toSelf();
  c.bind(CliCommands).toSelf();
  return c;
}

/** A running service: its port, and how to stop it (in-flight requests finish, the database closes). */
export interface RunningService {
  readonly port: number;
  readonly container: Container;
  stop(): Promise<void>;
}

/** Migrates the database, then listens. `port` overrides the configured one (0 picks a free port). */
export async function startService(config: AppConfig, options: ContainerOptions & { port?: number } = {}): Promise<RunningService> {
  const container = buildContainer(config, options);
  try {
    await container.get<SchemaMigrator>(SchemaMigrator).migrate();
    // Loads (or creates, on first start) the signing key now, so a bad REPORT_SIGNING_KEY stops start-up.
    await container.get<ReportSigner>(ReportSigner).publicJwks();
    const server = container.get(HttpServer);
    const port = await server.listen(options.port ?? config.port);
    const stopRechecks = scheduleRechecks(container, config.recheckIntervalMinutes);
    return {
      port,
      container,
      async stop() {
        await server.close();
        await stopRechecks();
        const mailer = container.get<Mailer>(Mailer);
        if (mailer instanceof SmtpMailer) mailer.close();
        await closeDatabase(container);
        await flushLogger(container.get<Logger>(Logger));
      },
    };
  } catch (error) {
    await closeDatabase(container);
    throw error;
  }
}

/**
 * Runs the proof re-check job on a timer, one run at a time (a tick that finds the last run still
 * going is skipped). Returns how to stop it: the timer stops and a run in progress is awaited, so
 * the database is never closed under it.
 */
function scheduleRechecks(container: Container, minutes: number): () => Promise<void> {
  if (minutes <= 0) return async () => undefined;
  const logger = container.get<Logger>(Logger);
  let running: Promise<void> | undefined;
  const timer = setInterval(() => {
    if (running) return;
    running = container
      .get(RecheckProofs)
      .run()
      .then((summary) => logger.info({ ...summary }, 'proof re-check done'))
      .catch((error: unknown) => logger.error({ err: error }, 'proof re-check failed'))
      .finally(() => {
        running = undefined;
      });
  }, minutes * 60_000);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}

const stdio: CliIo = {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
};

/** The `vetted` command line. Resolves with the exit code (serve resolves once shut down). */
export async function main(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>> = process.env,
  io: CliIo = stdio,
): Promise<number> {
  const parsed = parseCommand(argv);
  if (!parsed.ok) {
    io.err(`vetted: ${parsed.message}\n\n${USAGE}`);
    return 2;
  }
  const command = parsed.command;
  if (command.name === 'help') {
    io.out(USAGE);
    return 0;
  }
  let config: AppConfig;
  try {
    config = loadConfig(env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    io.err(`vetted: ${error.message}`);
    return 2;
  }
  if (command.name === 'serve') return serveUntilSignal(config, io);

  const container = buildContainer(config);
  try {
    if (command.name !== 'migrate') await container.get<SchemaMigrator>(SchemaMigrator).migrate();
    return await container.get(CliCommands).run(command, io);
  } finally {
    await closeDatabase(container);
    await flushLogger(container.get<Logger>(Logger));
  }
}

async function serveUntilSignal(config: AppConfig, io: CliIo): Promise<number> {
  let service: RunningService;
  try {
    service = await startService(config);
  } catch (error) {
    io.err(`vetted: cannot start: ${(error as Error).message}`);
    return 1;
  }
  const signal = await new Promise<NodeJS.Signals>((resolve) => {
    process.once('SIGTERM', () => resolve('SIGTERM'));
    process.once('SIGINT', () => resolve('SIGINT'));
  });
  const logger = service.container.get<Logger>(Logger);
  logger.info({ signal }, 'shutting down');
  await service.stop();
  logger.info({}, 'stopped');
  return 0;
}

async function closeDatabase(container: Container): Promise<void> {
  await container.get<Knex>(Database).destroy();
}
