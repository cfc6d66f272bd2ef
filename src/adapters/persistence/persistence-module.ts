import { ContainerModule } from 'inversify';
import type { Knex } from 'knex';
import { ApiKeyStore } from '../../application/ports/api-key-store.js';
import type { AppConfig } from '../../application/ports/app-config.js';
import { Blocklist } from '../../application/ports/blocklist.js';
import { CounterpartyBindings } from '../../application/ports/counterparty-bindings.js';
import { ChangeFeed } from '../../application/ports/change-feed.js';
import { EntityRepository } from '../../application/ports/entity-repository.js';
import { FaultClassifier } from '../../application/ports/fault-classifier.js';
import type { Logger } from '../../application/ports/logger.js';
import { ObservationClaims } from '../../application/ports/observation-claims.js';
import { ObservationSchedule } from '../../application/ports/observation-schedule.js';
import { OwnershipEvidenceStore } from '../../application/ports/ownership-evidence-store.js';
import { ProofRepository } from '../../application/ports/proof-repository.js';
import { PurgeBacklog } from '../../application/ports/purge-backlog.js';
import { RegistrationRepository } from '../../application/ports/registration-repository.js';
import { RegistryReader } from '../../application/ports/registry-reader.js';
import { VerdictFacts } from '../../application/ports/verdict-facts.js';
import { ReportRepository } from '../../application/ports/report-repository.js';
import { AdmissionLimits, ScanAdmission } from '../../application/ports/scan-admission.js';
import { ScanJobRepository } from '../../application/ports/scan-job-repository.js';
import { SchemaMigrator } from '../../application/ports/schema-migrator.js';
import { SigningKeyStore } from '../../application/ports/signing-key-store.js';
import { StoreHealth } from '../../application/ports/store-health.js';
import { TrustObservationStore } from '../../application/ports/trust-observation-store.js';
import { UsageLedger } from '../../application/ports/usage-ledger.js';
import { WatchRepository } from '../../application/ports/watch-repository.js';
import { WebhookOutbox } from '../../application/ports/webhook-outbox.js';
import { VERIFIED_CACHE_SECONDS } from '../../domain/registry-verdict.js';
import { ChangeFeedOptions } from './change-feed-options.js';
import { createKnex, Database, type DatabaseOptions } from './create-knex.js';
import { KnexApiKeyStore } from './knex-api-key-store.js';
import { KnexBlocklist } from './knex-blocklist.js';
import { KnexCounterpartyBindings } from './knex-counterparty-bindings.js';
import { KnexEntityRepository } from './knex-entity-repository.js';
import { KnexObservationClaims } from './knex-observation-claims.js';
import { KnexObservationSchedule } from './knex-observation-schedule.js';
import { KnexOwnershipEvidenceStore } from './knex-ownership-evidence-store.js';
import { KnexProofRepository } from './knex-proof-repository.js';
import { KnexPurgeBacklog } from './knex-purge-backlog.js';
import { KnexRegistrationRepository } from './knex-registration-repository.js';
import { KnexRegistryReader } from './knex-registry-reader.js';
import { KnexVerdictFacts } from './knex-verdict-facts.js';
import { KnexReportRepository } from './knex-report-repository.js';
import { KnexScanAdmission } from './knex-scan-admission.js';
import { KnexTransparencyLog } from './knex-transparency-log.js';
import { TransparencyLog } from '../../application/ports/transparency-log.js';
import { KnexScanJobRepository } from './knex-scan-job-repository.js';
import { KnexSchemaMigrator } from './knex-schema-migrator.js';
import { KnexSigningKeyStore } from './knex-signing-key-store.js';
import { KnexStoreHealth } from './knex-store-health.js';
import { KnexTrustObservationStore } from './knex-trust-observation-store.js';
import { KnexUsageLedger } from './knex-usage-ledger.js';
import { KnexWatchRepository } from './knex-watch-repository.js';
import { KnexWebhookOutbox } from './knex-webhook-outbox.js';
import { PgListenChangeFeed } from './pg-listen-change-feed.js';
import { PublicReads, PublicReadsToken } from './public-reads.js';
import { SqlitePollingChangeFeed } from './sqlite-polling-change-feed.js';
import { StorageFaultClassifier } from './storage-faults.js';

/**
 * The database and every port kept in it, and the change feed that tells this process what others
 * wrote. The pool opens now (a bad DATABASE_URL fails the build of the container) and is destroyed
 * when the container is closed. Knex's own warnings go to `logger`.
 */
export function persistenceModule(config: AppConfig, logger: Logger, options: Omit<DatabaseOptions, 'log'> = {}): ContainerModule {
  return new ContainerModule(({ bind }) => {
    const log = (component: string) => (level: 'warn' | 'error' | 'debug', message: string) => logger[level]({ component }, message);
    const primary = createKnex(config.databaseUrl, { ...options, log: log('database') });
    bind<Knex>(Database)
      .toConstantValue(primary)
      .onDeactivation((db) => db.destroy());
    // The public reads go to the replica once it has replayed what this process was told of (see PublicReads).
    const replica =
      config.databaseReadUrl === undefined ? undefined : createKnex(config.databaseReadUrl, { ...options, readOnly: true, log: log('read replica') });
    bind<PublicReads>(PublicReadsToken)
      .toConstantValue(new PublicReads(primary, replica, logger))
      .onDeactivation(() => replica?.destroy());
    bind<SchemaMigrator>(SchemaMigrator).to(KnexSchemaMigrator);
    bind<FaultClassifier>(FaultClassifier).to(StorageFaultClassifier);
    bind<StoreHealth>(StoreHealth).to(KnexStoreHealth);
    bind<EntityRepository>(EntityRepository).to(KnexEntityRepository);
    bind<Blocklist>(Blocklist).to(KnexBlocklist);
    bind<CounterpartyBindings>(CounterpartyBindings).to(KnexCounterpartyBindings);
    bind<RegistryReader>(RegistryReader).to(KnexRegistryReader);
    bind<VerdictFacts>(VerdictFacts).to(KnexVerdictFacts);
    bind<ReportRepository>(ReportRepository).to(KnexReportRepository);
    bind<SigningKeyStore>(SigningKeyStore).to(KnexSigningKeyStore);
    bind<RegistrationRepository>(RegistrationRepository).to(KnexRegistrationRepository);
    bind<WatchRepository>(WatchRepository).to(KnexWatchRepository);
    bind<WebhookOutbox>(WebhookOutbox).to(KnexWebhookOutbox);
    bind<ProofRepository>(ProofRepository).to(KnexProofRepository);
    bind<TrustObservationStore>(TrustObservationStore).to(KnexTrustObservationStore);
    bind<ObservationSchedule>(ObservationSchedule).to(KnexObservationSchedule);
    bind<ObservationClaims>(ObservationClaims).to(KnexObservationClaims);
    bind<OwnershipEvidenceStore>(OwnershipEvidenceStore).to(KnexOwnershipEvidenceStore);
    bind<AdmissionLimits>(AdmissionLimits).toConstantValue(config.scanLimits);
    bind<ScanAdmission>(ScanAdmission).to(KnexScanAdmission);
    bind<TransparencyLog>(TransparencyLog).to(KnexTransparencyLog);
    bind<ScanJobRepository>(ScanJobRepository).to(KnexScanJobRepository);
    bind<PurgeBacklog>(PurgeBacklog).to(KnexPurgeBacklog);
    bind<ApiKeyStore>(ApiKeyStore).to(KnexApiKeyStore);
    bind<UsageLedger>(UsageLedger).to(KnexUsageLedger);
    // A purge still owed after an hour (the longest any answer may be kept) has nothing left to drop.
    const keepOwedPurgesMs = config.cdnPurgeUrl === undefined ? undefined : VERIFIED_CACHE_SECONDS * 1000;
    bind<ChangeFeedOptions>(ChangeFeedOptions).toConstantValue({ connectionString: config.databaseUrl, schema: options.schema, keepOwedPurgesMs });
    if (isPostgresUrl(config.databaseUrl)) bind<ChangeFeed>(ChangeFeed).to(PgListenChangeFeed);
    else bind<ChangeFeed>(ChangeFeed).to(SqlitePollingChangeFeed);
  });
}

function isPostgresUrl(url: string): boolean {
  return /^postgres(ql)?:\/\//.test(url);
}
