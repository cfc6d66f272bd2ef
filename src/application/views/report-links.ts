/** The absolute URLs of a report's representations and of each of its evidence items. */
export interface ReportLinks {
  readonly html: string;
  readonly json: string;
  readonly markdown: string;
  /** `evidence[n - 1]` is the URL of evidence item `n`. */
  readonly evidence: readonly string[];
}

/**
 * The links of report `reportId` under `baseUrl` (no trailing slash needed): `/reports/{id}`,
 * `.json`, `.md`, and `/reports/{id}/evidence/{n}` for n from 1 to `evidenceCount`. The id is
 * percent-encoded, so the result is always a plain path under `baseUrl`.
 */
export function reportLinks(baseUrl: string, reportId: string, evidenceCount: number): ReportLinks {
  const report = `${baseUrl.replace(/\/+$/, '')}/reports/${encodeURIComponent(reportId)}`;
  return {
    html: report,
    json: `${report}.json`,
    markdown: `${report}.md`,
    evidence: Array.from({ length: Math.max(0, evidenceCount) }, (_, i) => `${report}/evidence/${i + 1}`),
  };
}
