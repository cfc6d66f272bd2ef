import type { Router } from '@koa/router';
import { inject, injectable } from 'inversify';
import { AppConfig } from '../../../application/ports/app-config.js';
import { AwaitScan } from '../../../application/scan/await-scan.js';
import { scanStatusJson } from '../../../application/views/scan-status-view.js';
import type { HttpRoutes } from '../../shared/http-routes.js';
import { sendData } from '../envelope.js';
import { HTML_PAGE_CSP, renderErrorPage } from '../presenters/home-page.js';
import { renderScanProgressPage } from '../presenters/scan-progress-page.js';
import { htmlError } from './scan-routes.js';
import type { AnswerComponents } from '../openapi/answer-schemas.js';
import type { HttpOperations, Operation } from '../openapi/http-operations.js';
import { enveloped, errors, HTML, NO_STORE, param, seeOther, STORE_ERRORS, textAnswer, textBody } from '../openapi/responses.js';

/**
 * A queued scan as it goes: `GET /api/scans/{id}` (JSON, poll it) and `GET /scans/{id}`, which waits
 * for the scan to end (progressPageWaitMs) and sends the browser to the report, or else shows the
 * progress so far with a "Check again" link. It never reloads itself: a page that refreshes on a
 * timer takes control away from people using screen readers or magnifiers (WCAG 2.2.1).
 */
@injectable()
export class ScanStatusRoutes implements HttpRoutes {
  /** The OpenAPI operations of these routes. */
  static readonly operations: HttpOperations = operations;

  constructor(
    @inject(AppConfig) private readonly config: AppConfig,
    @inject(AwaitScan) private readonly awaitScan: AwaitScan,
  ) {}

  mount(router: Router): void {
    router.get('/api/scans/:id', async (ctx) => {
      sendData(ctx, scanStatusJson(await this.awaitScan.run(ctx.params.id ?? ''), this.config.baseUrl));
    });

    router.get('/scans/:id', async (ctx) => {
      ctx.state.renderError = htmlError;
      const { job } = await this.awaitScan.forPage(ctx.params.id ?? '');
      ctx.set('Cache-Control', 'no-store');
      if (job.state === 'done' && job.reportId) {
        ctx.status = 303;
        return ctx.redirect(`/reports/${encodeURIComponent(job.reportId)}`);
      }
      ctx.type = 'text/html; charset=utf-8';
      ctx.set('Content-Security-Policy', HTML_PAGE_CSP);
      if (job.state === 'failed') {
        ctx.status = 200;
        ctx.body = renderErrorPage(200, job.errorCode ?? 'INTERNAL_ERROR', job.errorMessage ?? 'The scan could not be completed.');
        return;
      }
      ctx.body = renderScanProgressPage(job, { tookHostFromUrl: ctx.query.pasted === 'url' });
    });
  }
}

function operations(a: AnswerComponents): Operation[] {
  return [
    {
      method: 'get',
      operationId: 'getScanStatus',
      path: '/api/scans/{id}',
      tags: ['scans'],
      summary: 'A scan job as it goes (poll it)',
      request: { params: param('id', 'The scan id.') },
      responses: { 200: enveloped('The job: state, probes done, then the scan result or the error.', a.ScanStatus), ...errors(['NOT_FOUND', ...STORE_ERRORS]) },
    },
    {
      method: 'get',
      operationId: 'getScanProgressPage',
      path: '/scans/{id}',
      tags: ['scans'],
      summary: 'The progress page of a scan job',
      request: { params: param('id', 'The scan id.') },
      responses: {
        200: textAnswer(
          'The scan is still going after 25 s: the probes finished so far and a Check again link (or the failure). It never reloads itself.',
          HTML,
          NO_STORE,
        ),
        303: seeOther('The scan ended within 25 s: to the report.'),
        ...errors(['NOT_FOUND', ...STORE_ERRORS], { [HTML]: { schema: textBody } }),
      },
    },
  ];
}
