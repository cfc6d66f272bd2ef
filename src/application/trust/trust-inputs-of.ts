import type { DomainAgeOutcome } from '../ports/domain-age-source.js';
import type { ReputationReport } from '../ports/reputation-checks.js';
import type { TlsInspectionOutcome } from '../ports/tls-inspector.js';
import type { ReportSummary } from '../../domain/scan/report.js';
import type { ReadinessValue } from '../../domain/scan/readiness.js';
import type { ExternalObservations, Failure, TlsObservation } from '../../domain/trust/trust-inputs.js';

/** A live TLS inspection as a scoring input. */
export function tlsFromInspection(outcome: TlsInspectionOutcome, observedAt: string): TlsObservation | Failure {
  if ('error' in outcome) return { error: outcome.error };
  return { valid: outcome.valid && outcome.hostnameMatches, validTo: outcome.validTo, observedAt };
}

/** The latest scan's TLS evidence as a scoring input, or null when there is no scan. */
export function tlsFromReport(report: ReportSummary | undefined): TlsObservation | null {
  if (!report?.reachable) return null;
  return { valid: report.httpsValid, validTo: report.certificateValidTo ?? null, observedAt: report.scannedAt };
}

/** An RDAP answer as a scoring input. */
export function registeredAtOf(outcome: DomainAgeOutcome): string | Failure {
  return 'error' in outcome ? { error: outcome.error } : outcome.registeredAt;
}

/**
 * Reputation checks (and the latest readiness) as scoring inputs. With no blocklist zone
 * configured, or when every zone failed, the blocklist part is a failure: not having looked is not
 * the same as not being listed.
 */
export function externalFrom(report: ReputationReport, readiness: ReadinessValue): ExternalObservations {
  const answered = report.blocklists.filter((b) => !b.error);
  const blocklists: ExternalObservations['blocklists'] =
    report.blocklists.length === 0
      ? { error: 'not_configured' }
      : answered.length === 0
        ? { error: report.blocklists[0]!.error! }
        : { listedOn: answered.filter((b) => b.listed).map((b) => b.zone) };
  return {
    blocklists,
    spf: report.spf.error ? { error: report.spf.error } : { published: report.spf.published },
    dmarc: report.dmarc.error ? { error: report.dmarc.error } : { published: report.dmarc.published },
    readiness: { value: readiness },
  };
}
