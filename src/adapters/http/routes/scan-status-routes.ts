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

/**
 * A queued scan as it goes: `GET /api/scans/{id}` (JSON, poll it) and `GET /scans/{id}`, which waits
 * for the scan to end (progressPageWaitMs) and sends the browser to the report, or else shows the
 * progress so far with a "Check again" link. It never reloads itself: a page that refreshes on a
 * timer takes control away from people using screen readers or magnifiers (WCAG 2.2.1).
 */
@injectable()
export class ScanStatusRoutes implements HttpRoutes {
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
