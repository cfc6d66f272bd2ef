import type { Router } from '@koa/router';
import type { Context } from 'koa';
import { z } from 'zod';
import { AppError } from '../../../application/errors.js';
import type { AppConfig } from '../../../application/ports/app-config.js';
import type { Clock } from '../../../application/ports/clock.js';
import type { RequestScan } from '../../../application/scan/request-scan.js';
import { zodMessage } from '../../../application/zod-message.js';
import { judgeReadiness } from '../../../domain/scan/readiness.js';
import { summarizeReport } from '../../../domain/scan/report.js';
import { sendData } from '../envelope.js';
import type { ErrorRenderer } from '../middleware/error-envelope.js';
import { renderHomePage, renderErrorPage, HTML_PAGE_CSP } from '../presenters/home-page.js';
import { readinessJson } from '../../../application/views/readiness-view.js';
import { reportLinks } from '../../../application/views/report-links.js';
import { readBodyText, readJsonBody } from '../read-body.js';

const ScanRequest = z.strictObject({ domain: z.string().max(1024) });

export interface ScanRouteDeps {
  readonly config: AppConfig;
  readonly clock: Clock;
  readonly requestScan: RequestScan;
}

const htmlError: ErrorRenderer = (ctx, status, code, message) => {
  ctx.type = 'text/html; charset=utf-8';
  ctx.set('Content-Security-Policy', HTML_PAGE_CSP);
  ctx.body = renderErrorPage(status, code, message);
};

/** The home page with its scan form, and POST /api/scan for API callers and browser forms. */
export function registerScanRoutes(router: Router, deps: ScanRouteDeps): void {
  router.get('/', (ctx) => {
    ctx.type = 'text/html; charset=utf-8';
    ctx.set('Content-Security-Policy', HTML_PAGE_CSP);
    ctx.set('Cache-Control', 'public, max-age=300');
    ctx.body = renderHomePage();
  });

  router.post('/api/scan', async (ctx) => {
    if (ctx.is('application/x-www-form-urlencoded')) return scanFromForm(ctx, deps);
    const parsed = ScanRequest.safeParse(await readJsonBody(ctx));
    if (!parsed.success) throw new AppError('VALIDATION_ERROR', zodMessage(parsed.error));
    // An explicit API scan is always fresh when admitted (no reuse).
    const { stored } = await deps.requestScan.run({ domain: parsed.data.domain, clientId: ctx.ip, allowReuse: false });
    const report = stored.report;
    const links = reportLinks(deps.config.baseUrl, report.id, report.evidence.length);
    sendData(
      ctx,
      {
        report_id: report.id,
        report_url: links.html,
        json_url: links.json,
        markdown_url: links.markdown,
        domain: report.domain,
        score: report.score,
        readiness: readinessJson(judgeReadiness(report, deps.clock.now()), summarizeReport(report), deps.config.baseUrl),
        methodology_version: report.methodologyVersion,
        scanned_at: report.scannedAt,
      },
      { status: 201 },
    );
    ctx.set('Location', links.html);
  });
}

async function scanFromForm(ctx: Context, deps: ScanRouteDeps): Promise<void> {
  ctx.state.renderError = htmlError;
  const form = new URLSearchParams(await readBodyText(ctx));
  const { stored } = await deps.requestScan.run({ domain: form.get('domain') ?? '', clientId: ctx.ip, allowReuse: false });
  const report = stored.report;
  ctx.status = 303;
  ctx.set('Cache-Control', 'no-store');
  ctx.redirect(`/reports/${report.id}`);
}
