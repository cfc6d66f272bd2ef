import type { Router } from '@koa/router';
import { inject, injectable } from 'inversify';
import { z } from 'zod';
import { AppError } from '../../../application/errors.js';
import { AppConfig } from '../../../application/ports/app-config.js';
import { HISTORY_PAGE_DEFAULT, HISTORY_PAGE_MAX, ReportHistory } from '../../../application/scan/report-history.js';
import { reportChangeJson, reportHistoryJson } from '../../../application/views/report-history-view.js';
import { zodMessage } from '../../../application/input/zod-message.js';
import type { HttpRoutes } from '../../shared/http-routes.js';
import { sendNegotiatedPage } from '../negotiated-page.js';
import { renderDiffHtml, renderDiffMarkdown, renderHistoryHtml, renderHistoryMarkdown } from '../presenters/history-pages.js';
import { type AnswerComponents, dataEnvelope } from '../openapi/answer-schemas.js';
import type { HttpOperations, Operation } from '../openapi/http-operations.js';
import { answer, cached, errors, HTML, MARKDOWN, OPTIONAL_KEY, param, STORE_ERRORS, textBody } from '../openapi/responses.js';
import { tierErrors } from '../openapi/tier-responses.js';

/** The query of GET /reports; the OpenAPI document describes it from here. */
const HistoryQuery = z.object({
  domain: z.string().max(300),
  cursor: z.string().max(500).optional(),
  limit: z.coerce.number().int().min(1).max(HISTORY_PAGE_MAX).optional(),
});

// History grows with every scan: kept briefly, unlike a report.
const HISTORY_CACHE_SECONDS = 60;

/** GET /reports?domain= (history) and GET /reports/{id}/diff/{other}, as HTML, JSON or Markdown by Accept. */
@injectable()
export class ReportHistoryRoutes implements HttpRoutes {
  /** The OpenAPI operations of these routes. */
  static readonly operations: HttpOperations = operations;

  constructor(
    @inject(AppConfig) private readonly config: AppConfig,
    @inject(ReportHistory) private readonly history: ReportHistory,
  ) {}

  mount(router: Router): void {
    const baseUrl = this.config.baseUrl;
    router.get('/reports', async (ctx) => {
      const query = HistoryQuery.safeParse(ctx.query);
      if (!query.success) throw new AppError('VALIDATION_ERROR', zodMessage(query.error, ctx.query));
      const page = await this.history.page(query.data.domain, query.data.cursor, query.data.limit ?? HISTORY_PAGE_DEFAULT);
      sendNegotiatedPage(
        ctx,
        { json: () => reportHistoryJson(page, baseUrl), html: () => renderHistoryHtml(page, baseUrl), markdown: () => renderHistoryMarkdown(page, baseUrl) },
        HISTORY_CACHE_SECONDS,
      );
    });

    router.get('/reports/:id/diff/:other', async (ctx) => {
      const change = await this.history.diff(ctx.params.id ?? '', ctx.params.other ?? '');
      sendNegotiatedPage(
        ctx,
        { json: () => reportChangeJson(change, baseUrl), html: () => renderDiffHtml(change, baseUrl), markdown: () => renderDiffMarkdown(change, baseUrl) },
        HISTORY_CACHE_SECONDS,
      );
    });
  }
}

function operations(a: AnswerComponents): Operation[] {
  const page = (description: string, data: z.ZodType) =>
    answer(
      description,
      { [HTML]: { schema: textBody }, 'application/json': { schema: dataEnvelope(data) }, [MARKDOWN]: { schema: textBody } },
      cached('public, max-age=60'),
    );
  return [
    {
      method: 'get',
      operationId: 'getReportHistory',
      path: '/reports',
      tags: ['reports'],
      summary: 'The report history of a domain, newest first',
      description:
        'HTML by default, JSON (the envelope) or Markdown by Accept. Each report says what changed since the previous one; next_url pages on (opaque cursor).',
      request: { query: HistoryQuery },
      security: OPTIONAL_KEY,
      responses: { 200: page('A page of history.', a.ReportHistory), ...errors(['VALIDATION_ERROR', ...STORE_ERRORS]), ...tierErrors() },
    },
    {
      method: 'get',
      operationId: 'compareReports',
      path: '/reports/{id}/diff/{other}',
      tags: ['reports'],
      summary: 'Two reports of one domain compared',
      request: { params: param('id', 'A report id.').extend({ other: z.string().meta({ description: 'Another report id of the same domain.' }) }) },
      security: OPTIONAL_KEY,
      responses: {
        200: page('What changed, older first.', a.ReportChange),
        ...errors(['VALIDATION_ERROR', 'NOT_FOUND', ...STORE_ERRORS]),
        ...tierErrors(),
      },
    },
  ];
}
