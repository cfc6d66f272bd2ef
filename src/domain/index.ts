// The pure domain, for other TypeScript services: `import { parseDomainName } from 'vetted/domain'`.
export * from './blocked-domain.js';
export * from './counterparty/caip.js';
export * from './counterparty/declaration.js';
export * from './counterparty/payment-check.js';
export * from './domain-name.js';
export * from './entity-id.js';
export * from './entity.js';
export * from './registry-verdict.js';
export * from './self-verification.js';
export * from './service-info.js';
export * from './trust/agent-guidance.js';
export * from './registration/registration.js';
export * from './registration/proof-recheck.js';
export * from './scan/declaration-sets.js';
export * from './scan/judge/judge-site.js';
export * from './scan/methodology.js';
export * from './scan/methodology-markdown.js';
export * from './scan/probes.js';
export * from './scan/readiness.js';
export * from './scan/report.js';
export * from './trust/brand-catalog.js';
export * from './trust/check-counterparty.js';
export * from './trust/brand-domains.js';
// Named: its CheckResult<T> would clash with the scan report's CheckResult.
export {
  EXTERNAL_CHECK_POINTS,
  READINESS_LIMITED_POINTS,
  blocklistListings,
  externalSignal,
  type CheckResult as ExternalCheckResult,
  type ExternalChecks,
  type ExternalSignal,
} from './trust/external-signal.js';
export * from './trust/lookalike.js';
export * from './trust/organisation-name.js';
export * from './trust/ownership.js';
export * from './trust/ownership-evidence.js';
export * from './trust/restricted-suffixes.js';
export * from './trust/evidence.js';
export * from './trust/trust-inputs.js';
export * from './trust/trust-level.js';
export * from './trust/trust-score.js';
export * from './trust/trust-signals.js';
export * from './trust/signal-base.js';
export { raiseSegment, scoreReason, unobservedSegment } from './trust/score-reason.js';
