import { judgedScore, type CheckResult, type EvidenceItem, type Report } from './report.js';

/**
 * The report as a JSON document: what the JSON representation serves and what the signature
 * covers (links and the signature itself are added beside it). Everything the scanned site chose
 * sits under fields named `untrusted…`.
 */
export function reportContent(report: Report) {
  return {
    report_id: report.id,
    domain: report.domain,
    scanned_at: report.scannedAt,
    methodology_version: report.methodologyVersion,
    scope: { origin: report.scope.origin, paths: report.scope.paths, not_covered: report.scope.notCovered },
    // A site no probe reached was not judged: no score rather than a 0 that reads as one.
    score: judgedScore(report),
    max_score: 100,
    reachable: report.reachable,
    https_valid: report.httpsValid,
    checks: report.checks.map(checkJson),
    declarations: report.declarations.map(checkJson),
    // Only what was stored is signed: a report made before sets were recorded has no such field.
    ...(report.declarationSet === undefined ? {} : { declaration_set: report.declarationSet }),
    untrusted_site: {
      title: report.site.untrustedTitle,
      description: report.site.untrustedDescription,
      language: report.site.untrustedLanguage,
      organization_name: report.site.untrustedOrganizationName,
    },
    evidence: report.evidence.map(evidenceJson),
  };
}

function checkJson(c: CheckResult) {
  return {
    id: c.id,
    category: c.category,
    title: c.title,
    status: c.status,
    points: c.points,
    max: c.max,
    detail: c.detail,
    standard: c.standard,
    evidence: c.evidence,
  };
}

/** One evidence item as JSON; site-controlled values under `untrusted`. */
export function evidenceJson(e: EvidenceItem) {
  return {
    n: e.n,
    probe: e.probe,
    requested_url: e.requestedUrl,
    resolved_ip: e.resolvedIp,
    status: e.status,
    duration_ms: e.durationMs,
    body_bytes: e.bodyBytes,
    body_sha256: e.bodySha256,
    truncated: e.truncated,
    error_code: e.error?.code ?? null,
    untrusted: {
      final_url: e.finalUrl,
      redirects: e.redirects.map((r) => ({ url: r.url, status: r.status, location: r.location })),
      headers: e.headers,
      certificate: e.certificate
        ? {
            subject: e.certificate.subject,
            issuer: e.certificate.issuer,
            subject_alt_names: e.certificate.subjectAltNames,
            valid_from: e.certificate.validFrom,
            valid_to: e.certificate.validTo,
          }
        : null,
      error_message: e.error?.message ?? null,
      excerpt: e.untrustedExcerpt,
    },
  };
}
