import type { Router } from '@koa/router';
import { inject, injectable } from 'inversify';
import type { Context } from 'koa';
import { z } from 'zod';
import { AppError } from '../../../application/errors.js';
import { AppConfig } from '../../../application/ports/app-config.js';
import { RequestScan } from '../../../application/scan/request-scan.js';
import { scanCreatedJson } from '../../../application/views/scan-result-view.js';
import { zodMessage } from '../../../application/zod-message.js';
import type { HttpRoutes } from '../../shared/http-routes.js';
import { sendData } from '../envelope.js';
import type { ErrorRenderer } from '../middleware/error-envelope.js';
import { renderErrorPage, renderHomePage, HTML_PAGE_CSP } from '../presenters/home-page.js';
import { readBodyText, readJsonBody } from '../read-body.js';

const ScanRequestBody = z.strictObject({ domain: z.string().max(1024) });

const htmlError: ErrorRenderer = (ctx, status, code, message) => {
  ctx.type = 'text/html; charset=utf-8';
  ctx.set('Content-Security-Policy', HTML_PAGE_CSP);
  ctx.body = renderErrorPage(status, code, message);
};

/** The home page with its scan form, and POST /api/scan for API callers and browser forms. */
@injectable()
export class ScanRoutes implements HttpRoutes {
  constructor(
    @inject(AppConfig) private readonly config: AppConfig,
    @inject(RequestScan) private readonly requestScan: RequestScan,
  ) {}

  mount(router: Router): void {
    router.get('/', (ctx) => {
      ctx.type = 'text/html; charset=utf-8';
      ctx.set('Content-Security-Policy', HTML_PAGE_CSP);
      ctx.set('Cache-Control', 'public, max-age=300');
      ctx.body = renderHomePage();
    });

    router.post('/api/scan', async (ctx) => {
      if (ctx.is('application/x-www-form-urlencoded')) return this.scanFromForm(ctx);
      const parsed = ScanRequestBody.safeParse(await readJsonBody(ctx));
      if (!parsed.success) throw new AppError('VALIDATION_ERROR', zodMessage(parsed.error));
      // An explicit API scan is always fresh when admitted (no reuse).
      const outcome = await this.requestScan.run({ domain: parsed.data.domain, clientId: ctx.ip, allowReuse: false });
      const answer = scanCreatedJson(outcome, this.config.baseUrl);
      sendData(ctx, answer, { status: 201 });
      ctx.set('Location', String(answer.report_url));
    });
  }

  private async scanFromForm(ctx: Context): Promise<void> {
    ctx.state.renderError = htmlError;
    const form = new URLSearchParams(await readBodyText(ctx));
    const { stored } = await this.requestScan.run({ domain: form.get('domain') ?? '', clientId: ctx.ip, allowReuse: false });
    ctx.status = 303;
    ctx.set('Cache-Control', 'no-store');
    ctx.redirect(`/reports/${stored.report.id}`);
  }
}
