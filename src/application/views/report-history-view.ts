import { z } from 'zod';
import { READINESS_VALUES } from '../../domain/scan/readiness.js';
import type { ReportChange } from '../../domain/scan/report-diff.js';
import type { HistoryPage } from '../scan/report-history.js';
import { reportLinks } from './report-links.js';
import { list } from './schema-kit.js';

const sideSchema = z.object({
  report_id: z.string(),
  scanned_at: z.string(),
  score: z.number(),
  readiness: z.enum(READINESS_VALUES).describe('Readiness as judged at that scan.'),
  methodology_version: z.string(),
  report_url: z.string(),
});

/** GET /reports/{id}/diff/{other}: two reports of one domain compared, older first. */
export const reportChangeSchema = z.object({
  from: sideSchema,
  to: sideSchema,
  score_delta: z.number(),
  readiness_changed: z.boolean(),
  checks: list(
    z.object({
      id: z.string(),
      title: z.string(),
      from: z.string().describe('A check status, or not_looked_for when that report did not look for it (another methodology version or declaration set).'),
      to: z.string(),
    }),
  ).describe('Every check or declaration whose status moved.'),
});

/** GET /reports?domain= as JSON: a page of a domain's reports, newest first. */
export const reportHistorySchema = z.object({
  domain: z.string(),
  reports: list(
    z.object({
      report_id: z.string(),
      scanned_at: z.string(),
      score: z.number(),
      methodology_version: z.string(),
      links: z.object({ html: z.string(), json: z.string(), markdown: z.string() }),
      change_since_previous: reportChangeSchema
        .extend({ diff_url: z.string() })
        .nullable()
        .describe('What changed since the previous report; null for the first.'),
    }),
  ),
  next_url: z.string().nullable().describe('The next page (opaque cursor); null on the last.'),
});

/** A comparison of two reports as JSON: both sides as they stood, the score delta and every check that moved. */
export function reportChangeJson(change: ReportChange, baseUrl: string): z.infer<typeof reportChangeSchema> {
  const side = (s: ReportChange['from']) => ({
    report_id: s.id,
    scanned_at: s.scannedAt,
    score: s.score,
    readiness: s.readiness,
    methodology_version: s.methodologyVersion,
    report_url: reportLinks(baseUrl, s.id, 0).html,
  });
  return {
    from: side(change.from),
    to: side(change.to),
    score_delta: change.scoreDelta,
    readiness_changed: change.from.readiness !== change.to.readiness,
    checks: change.moved.map((m) => ({ id: m.id, title: m.title, from: m.from, to: m.to })),
  };
}

/** A page of a domain's history as JSON, newest first, with the link of the next page. */
export function reportHistoryJson(page: HistoryPage, baseUrl: string): z.infer<typeof reportHistorySchema> {
  return {
    domain: page.domain,
    reports: page.entries.map(({ report, change }) => {
      const links = reportLinks(baseUrl, report.id, 0);
      return {
        report_id: report.id,
        scanned_at: report.scannedAt,
        score: report.score,
        methodology_version: report.methodologyVersion,
        links: { html: links.html, json: links.json, markdown: links.markdown },
        change_since_previous: change ? { ...reportChangeJson(change, baseUrl), diff_url: diffUrl(baseUrl, change) } : null,
      };
    }),
    next_url: page.next === undefined ? null : historyUrl(baseUrl, page.domain, page.next),
  };
}

/** The address of a page of history. */
export function historyUrl(baseUrl: string, domain: string, cursor?: string): string {
  return `${baseUrl}/reports?domain=${encodeURIComponent(domain)}${cursor === undefined ? '' : `&cursor=${encodeURIComponent(cursor)}`}`;
}

/** The address of a comparison. */
export function diffUrl(baseUrl: string, change: ReportChange): string {
  return `${baseUrl}/reports/${encodeURIComponent(change.from.id)}/diff/${encodeURIComponent(change.to.id)}`;
}
