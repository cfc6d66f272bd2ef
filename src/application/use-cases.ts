import { ContainerModule, type Newable } from 'inversify';
import { AdmitRead } from './access/admit-read.js';
import { ApiKeys } from './access/api-keys.js';
import { ManageApiKeys } from './access/manage-api-keys.js';
import { ReadQuotas } from './access/read-quotas.js';
import { ReadUsage } from './access/read-usage.js';
import { UsageSync } from './access/usage-sync.js';
import { AuditLog } from './log/audit-log.js';
import { CheckRemote } from './client/check-remote.js';
import { ReadLog } from './log/read-log.js';
import { SequenceLog } from './log/sequence-log.js';
import { AddEntity } from './registry/add-entity.js';
import { ChangePropagation } from './caching/change-propagation.js';
import { KnownNames } from './caching/known-names.js';
import { PurgeChangedAnswers } from './caching/purge-changed-answers.js';
import { ReadAheadCaches } from './caching/read-ahead.js';
import { RebuildVerdictFacts } from './operations/rebuild-verdict-facts.js';
import { CheckReadiness } from './operations/check-readiness.js';
import { GetStatus } from './operations/get-status.js';
import { ImportEntities } from './registry/import-entities.js';
import { ListEntities } from './registry/list-entities.js';
import { ListJobQueues } from './operations/list-job-queues.js';
import { ReadMetrics } from './operations/read-metrics.js';
import { PublishedDocuments } from './operations/published-documents.js';
import { LookupEntity } from './registry/lookup-entity.js';
import { ManageBlocklist } from './registry/manage-blocklist.js';
import { CheckRegistration } from './registration/check-registration.js';
import { ConfirmRegistration } from './registration/confirm-registration.js';
import { GetRegistration } from './registration/get-registration.js';
import { ProofChecker } from './registration/proof-checker.js';
import { RevokeLostProof } from './registration/revoke-lost-proof.js';
import { RecheckProofs } from './registration/recheck-proofs.js';
import { RegisterDomain } from './registration/register-domain.js';
import { SweepDueProofs } from './registration/sweep-due-proofs.js';
import { FORGETS_NAMES, type ForgetsNames } from './caching/forgets-names.js';
import { RegistryReadCache } from './caching/registry-read-cache.js';
import { AwaitScan } from './scan/await-scan.js';
import { GetPublicKeys } from './scan/get-public-keys.js';
import { GetReport } from './scan/get-report.js';
import { ReportHistory } from './scan/report-history.js';
import { RequestScan } from './scan/request-scan.js';
import { RunScanJob } from './scan/run-scan-job.js';
import { ScanSite } from './scan/scan-site.js';
import { SubmitScan } from './scan/submit-scan.js';
import { BrandJudge } from './trust/brand-judge.js';
import { AssessTrust } from './trust/assess-trust.js';
import { LiveObservations } from './trust/live-observations.js';
import { RefreshObservations } from './trust/refresh-observations.js';
import { FirstObservations } from './trust/first-observations.js';
import { ObserveFirst } from './trust/observe-first.js';
import { SweepDueObservations } from './trust/sweep-due-observations.js';
import { ObservationCache } from './trust/observation-cache.js';
import { BrandOwnership } from './trust/brand-ownership.js';
import { CheckBrandOwnership } from './trust/check-brand-ownership.js';
import { OwnershipCache } from './trust/ownership-cache.js';
import { OwnershipLooks } from './trust/ownership-looks.js';
import { CheckSignedVerdict } from './verdict/check-signed-verdict.js';
import { SignVerdict } from './verdict/sign-verdict.js';
import { VerifyDomain } from './verdict/verify-domain.js';
import { VerifyMany } from './verdict/verify-many.js';
import { SyncCounterparty } from './counterparty/sync-counterparty.js';
import { CheckPayment } from './counterparty/check-payment.js';
import { LookupCounterparty } from './counterparty/lookup-counterparty.js';
import { EntityBindings } from './counterparty/entity-bindings.js';
import { ObserveCounterparty } from './counterparty/observe-counterparty.js';
import { CreateWatch } from './watches/create-watch.js';
import { DeliverWebhooks } from './watches/deliver-webhooks.js';
import { DetectEvents } from './watches/detect-events.js';
import { ManageWatch } from './watches/manage-watch.js';
import { WatchedStateReader } from './watches/watched-state-reader.js';

/** Every use case and application service but ChangePropagation; useCasesModule binds each to itself, one instance per process. */
const USE_CASES: readonly Newable[] = [
  CheckRemote,
  ApiKeys,
  ReadQuotas,
  AdmitRead,
  UsageSync,
  ManageApiKeys,
  ReadUsage,
  SequenceLog,
  ReadLog,
  AuditLog,
  KnownNames,
  RegistryReadCache,
  ObservationCache,
  OwnershipCache,
  ReadAheadCaches,
  OwnershipLooks,
  BrandOwnership,
  CheckBrandOwnership,
  GetStatus,
  CheckReadiness,
  RebuildVerdictFacts,
  VerifyDomain,
  VerifyMany,
  SyncCounterparty,
  CheckPayment,
  LookupCounterparty,
  EntityBindings,
  ObserveCounterparty,
  BrandJudge,
  AssessTrust,
  SignVerdict,
  CheckSignedVerdict,
  WatchedStateReader,
  CreateWatch,
  ManageWatch,
  DetectEvents,
  DeliverWebhooks,
  PurgeChangedAnswers,
  LiveObservations,
  SweepDueObservations,
  RefreshObservations,
  FirstObservations,
  ObserveFirst,
  LookupEntity,
  AddEntity,
  ImportEntities,
  ListEntities,
  ListJobQueues,
  ManageBlocklist,
  ScanSite,
  SubmitScan,
  RunScanJob,
  AwaitScan,
  RequestScan,
  SweepDueProofs,
  RevokeLostProof,
  GetReport,
  ReportHistory,
  GetPublicKeys,
  ProofChecker,
  RegisterDomain,
  ConfirmRegistration,
  GetRegistration,
  CheckRegistration,
  RecheckProofs,
  ReadMetrics,
  PublishedDocuments,
];

/**
 * The use cases and application services, each bound to itself (one instance per container); a
 * use case left out of USE_CASES fails test/integration/composition/container-completeness.test.ts.
 * ChangePropagation stops its feed when the container is closed.
 */
export const useCasesModule = new ContainerModule(({ bind }) => {
  for (const useCase of USE_CASES) bind(useCase).toSelf();
  for (const cache of [RegistryReadCache, ObservationCache, OwnershipCache, ApiKeys]) bind<ForgetsNames>(FORGETS_NAMES).toService(cache);
  bind(ChangePropagation)
    .toSelf()
    .onDeactivation((propagation) => propagation.stop());
});
