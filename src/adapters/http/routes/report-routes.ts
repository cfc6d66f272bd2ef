import type { Router } from '@koa/router';
import { inject, injectable } from 'inversify';
import { AppConfig } from '../../../application/ports/app-config.js';
import { GetReport } from '../../../application/scan/get-report.js';
import { reportLinks } from '../../../application/views/report-links.js';
import { reportPage } from '../../../application/views/report-page.js';
import { evidenceItemJson, reportJson } from '../../../application/views/report-view.js';
import type { HttpRoutes } from '../../shared/http-routes.js';
import { cacheControl } from '../envelope.js';
import type { ErrorRenderer } from '../middleware/error-envelope.js';
import { renderNotFoundHtml, renderReportHtml, REPORT_PAGE_CSP } from '../presenters/report-html.js';
import { renderNotFoundMarkdown, renderReportMarkdown } from '../presenters/report-markdown.js';
import { z } from 'zod';
import { type AnswerComponents, ErrorEnvelope } from '../openapi/answer-schemas.js';
import type { HttpOperations, Operation } from '../openapi/http-operations.js';
import { answer, cached, errors, HTML, json, MARKDOWN, OPTIONAL_KEY, param, STORE_ERRORS, textBody } from '../openapi/responses.js';
import { tierErrors } from '../openapi/tier-responses.js';

// A stored report never changes: clients may keep it for a day.
const REPORT_CACHE_SECONDS = 86_400;
// Its pages also say how fresh it is now.
const PAGE_CACHE_SECONDS = 300;

const htmlError: ErrorRenderer = (ctx, status, _code, message) => {
  ctx.type = 'text/html; charset=utf-8';
  ctx.set('Content-Security-Policy', REPORT_PAGE_CSP);
  ctx.body = renderNotFoundHtml(message, status);
};

const markdownError: ErrorRenderer = (ctx, status, _code, message) => {
  ctx.type = 'text/markdown; charset=utf-8';
  ctx.body = renderNotFoundMarkdown(message, status);
};

/** /reports/{id} as HTML, .json and .md, and each evidence item. */
@injectable()
export class ReportRoutes implements HttpRoutes {
  /** The OpenAPI operations of these routes. */
  static readonly operations: HttpOperations = operations;

  constructor(
    @inject(AppConfig) private readonly config: AppConfig,
    @inject(GetReport) private readonly getReport: GetReport,
  ) {}

  mount(router: Router): void {
    const baseUrl = this.config.baseUrl;
    router.get('/reports/:file', async (ctx) => {
      const file = ctx.params.file ?? '';
      const format = file.endsWith('.json') ? 'json' : file.endsWith('.md') ? 'md' : 'html';
      if (format === 'html') ctx.state.renderError = htmlError;
      if (format === 'md') ctx.state.renderError = markdownError;
      const id = format === 'html' ? file : file.slice(0, file.lastIndexOf('.'));
      if (format === 'json') {
        const stored = await this.getReport.byId(id);
        ctx.set('Cache-Control', cacheControl(REPORT_CACHE_SECONDS));
        ctx.body = reportJson(stored, reportLinks(baseUrl, stored.report.id, stored.report.evidence.length), baseUrl);
        return;
      }
      const { stored, readiness, change } = await this.getReport.withReadiness(id);
      const page = reportPage(stored, readiness, baseUrl, change);
      // The pages show readiness now, whose freshness moves: kept shorter than the signed JSON.
      ctx.set('Cache-Control', cacheControl(PAGE_CACHE_SECONDS));
      if (format === 'md') {
        ctx.type = 'text/markdown; charset=utf-8';
        ctx.body = renderReportMarkdown(page);
      } else {
        ctx.type = 'text/html; charset=utf-8';
        ctx.set('Content-Security-Policy', REPORT_PAGE_CSP);
        ctx.body = renderReportHtml(page);
      }
    });

    router.get('/reports/:id/evidence/:n', async (ctx) => {
      const { stored, item } = await this.getReport.evidence(ctx.params.id ?? '', String(ctx.params.n));
      ctx.set('Cache-Control', cacheControl(REPORT_CACHE_SECONDS));
      ctx.body = evidenceItemJson(stored, item, baseUrl);
    });
  }
}

function operations(a: AnswerComponents): Operation[] {
  return [
    {
      method: 'get',
      operationId: 'getReport',
      path: '/reports/{file}',
      tags: ['reports'],
      summary: 'A stored report as HTML, JSON or Markdown',
      request: { params: param('file', '{id} for the HTML page, {id}.json for the signed JSON, {id}.md for Markdown.') },
      security: OPTIONAL_KEY,
      responses: {
        200: answer(
          'The report.',
          { [HTML]: { schema: textBody }, 'application/json': { schema: a.Report }, [MARKDOWN]: { schema: textBody } },
          cached('public, max-age=86400 for .json; 300 for the HTML and Markdown pages, which also show readiness now'),
        ),
        ...errors(['NOT_FOUND', ...STORE_ERRORS], {
          [HTML]: { schema: textBody },
          'application/json': { schema: ErrorEnvelope },
          [MARKDOWN]: { schema: textBody },
        }),
        ...tierErrors(),
      },
    },
    {
      method: 'get',
      operationId: 'getEvidenceItem',
      path: '/reports/{id}/evidence/{n}',
      tags: ['reports'],
      summary: 'One evidence item of a report',
      request: {
        params: param('id', 'The report id.').extend({
          n: z
            .string()
            .regex(/^[1-9]\d*$/)
            .meta({ description: 'The item number, from 1.' }),
        }),
      },
      security: OPTIONAL_KEY,
      responses: {
        200: answer('The evidence item.', json(a.EvidenceItem), cached('public, max-age=86400: a stored report never changes')),
        ...errors(['NOT_FOUND', ...STORE_ERRORS]),
        ...tierErrors(),
      },
    },
  ];
}
