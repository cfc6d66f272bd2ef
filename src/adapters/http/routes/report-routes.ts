import type { Router } from '@koa/router';
import type { Context } from 'koa';
import type { AppConfig } from '../../../application/ports/app-config.js';
import type { StoredReport } from '../../../application/ports/report-repository.js';
import type { GetPublicKeys } from '../../../application/scan/get-public-keys.js';
import type { GetReport } from '../../../application/scan/get-report.js';
import { methodologyMarkdown } from '../../../domain/scan/methodology-markdown.js';
import { evidenceJson } from '../../../domain/scan/report-content.js';
import { reportJson } from '../../../application/views/report-view.js';
import { AppError } from '../../../application/errors.js';
import { cacheControl } from '../envelope.js';
import type { ErrorRenderer } from '../middleware/error-envelope.js';
import { renderNotFoundHtml, renderReportHtml, REPORT_PAGE_CSP } from '../presenters/report-html.js';
import { reportLinks, type ReportLinks } from '../../../application/views/report-links.js';
import { renderNotFoundMarkdown, renderReportMarkdown } from '../presenters/report-markdown.js';

// A stored report never changes: clients may keep it for a day.
const REPORT_CACHE_SECONDS = 86_400;

export interface ReportRouteDeps {
  readonly config: AppConfig;
  readonly getReport: GetReport;
  readonly getPublicKeys: GetPublicKeys;
}

const htmlError: ErrorRenderer = (ctx, _status, _code, message) => {
  ctx.type = 'text/html; charset=utf-8';
  ctx.set('Content-Security-Policy', REPORT_PAGE_CSP);
  ctx.body = renderNotFoundHtml(message);
};

const markdownError: ErrorRenderer = (ctx, _status, _code, message) => {
  ctx.type = 'text/markdown; charset=utf-8';
  ctx.body = renderNotFoundMarkdown(message);
};

/** /reports/{id} as HTML, .json and .md; each evidence item; /methodology.md; the JWKS. */
export function registerReportRoutes(router: Router, deps: ReportRouteDeps): void {
  router.get('/reports/:file', async (ctx) => {
    const file = ctx.params.file ?? '';
    const format = file.endsWith('.json') ? 'json' : file.endsWith('.md') ? 'md' : 'html';
    if (format === 'html') ctx.state.renderError = htmlError;
    if (format === 'md') ctx.state.renderError = markdownError;
    const id = format === 'html' ? file : file.slice(0, file.lastIndexOf('.'));
    const stored = await deps.getReport.byId(id);
    const links = linksOf(deps, stored);
    ctx.set('Cache-Control', cacheControl(REPORT_CACHE_SECONDS));
    if (format === 'json') {
      ctx.body = reportJson(stored, links, deps.config.baseUrl);
    } else if (format === 'md') {
      ctx.type = 'text/markdown; charset=utf-8';
      ctx.body = renderReportMarkdown(stored.report, links, stored.signature);
    } else {
      ctx.type = 'text/html; charset=utf-8';
      ctx.set('Content-Security-Policy', REPORT_PAGE_CSP);
      ctx.body = renderReportHtml(stored.report, links, { signature: stored.signature });
    }
  });

  router.get('/reports/:id/evidence/:n', async (ctx) => {
    const stored = await deps.getReport.byId(ctx.params.id ?? '');
    const n = Number(ctx.params.n);
    const item = stored.report.evidence.find((e) => e.n === n);
    if (!item) throw new AppError('NOT_FOUND', `Report ${stored.report.id} has no evidence item ${String(ctx.params.n).slice(0, 20)}.`);
    const links = linksOf(deps, stored);
    ctx.set('Cache-Control', cacheControl(REPORT_CACHE_SECONDS));
    ctx.body = { report_id: stored.report.id, domain: stored.report.domain, scanned_at: stored.report.scannedAt, report_url: links.json, ...evidenceJson(item) };
  });

  const methodology = methodologyMarkdown();
  router.get('/methodology.md', (ctx: Context) => {
    ctx.type = 'text/markdown; charset=utf-8';
    ctx.set('Cache-Control', cacheControl(3600));
    ctx.body = methodology;
  });

  router.get('/.well-known/jwks.json', async (ctx) => {
    ctx.type = 'application/jwk-set+json';
    ctx.set('Cache-Control', cacheControl(3600));
    ctx.body = await deps.getPublicKeys.run();
  });
}

function linksOf(deps: ReportRouteDeps, stored: StoredReport): ReportLinks {
  return reportLinks(deps.config.baseUrl, stored.report.id, stored.report.evidence.length);
}
