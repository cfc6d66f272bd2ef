import type { Caller } from '../../../application/access/admit-read.js';
import type { Router } from '@koa/router';
import { inject, injectable } from 'inversify';
import type { Context } from 'koa';
import { z } from 'zod';
import { domainFromPasted } from '../../../application/input/domain-input.js';
import { AppError } from '../../../application/errors.js';
import { AppConfig } from '../../../application/ports/app-config.js';
import { RequestScan } from '../../../application/scan/request-scan.js';
import { homeLinkHeader } from '../../../application/views/docs/site-files.js';
import { homeMarkdown, homeView } from '../../../application/views/docs/site-files-pages.js';
import { scanResultJson } from '../../../application/views/scan-result-view.js';
import { scanStatusJson, scanStatusLinks } from '../../../application/views/scan-status-view.js';
import { zodMessage } from '../../../application/input/zod-message.js';
import type { HttpRoutes } from '../../shared/http-routes.js';
import { sendData } from '../envelope.js';
import { sendNegotiatedPage } from '../negotiated-page.js';
import type { ErrorRenderer } from '../middleware/error-envelope.js';
import { renderErrorPage, renderHomePage, HTML_PAGE_CSP } from '../presenters/home-page.js';
import { readBodyText, readJsonBody } from '../read-body.js';
import type { AnswerComponents } from '../openapi/answer-schemas.js';
import type { HttpOperations, Operation } from '../openapi/http-operations.js';
import {
  answer,
  BODY_ERRORS,
  cached,
  COMMON_ERRORS,
  enveloped,
  errors,
  HTML,
  MARKDOWN,
  NO_STORE,
  seeOther,
  STORE_ERRORS,
  textBody,
} from '../openapi/responses.js';

/** The JSON body of POST /api/scan; the OpenAPI document describes it from here. */
const ScanRequestBody = z.strictObject({ domain: z.string().max(1024) });

export const htmlError: ErrorRenderer = (ctx, status, code, message) => {
  ctx.type = 'text/html; charset=utf-8';
  ctx.set('Content-Security-Policy', HTML_PAGE_CSP);
  ctx.body = renderErrorPage(status, code, message);
};

/**
 * The home page with its scan form, and POST /api/scan, both through RequestScan. A scan is a job
 * any worker runs: a browser is sent to its progress page; an API caller gets 201 with the scan
 * result when the scan ends within its deadline, or 202 with a status URL when it asked
 * `Prefer: respond-async` (RFC 7240) or the scan is still going.
 */
@injectable()
export class ScanRoutes implements HttpRoutes {
  /** The OpenAPI operations of these routes. */
  static readonly operations: HttpOperations = operations;

  constructor(
    @inject(AppConfig) private readonly config: AppConfig,
    @inject(RequestScan) private readonly requestScan: RequestScan,
  ) {}

  mount(router: Router): void {
    // Rendered once: the page depends on configuration only.
    const homeHtml = renderHomePage(homeView(this.config));
    const homeText = homeMarkdown(this.config);
    const links = homeLinkHeader(this.config.baseUrl);
    router.get('/', (ctx) => {
      ctx.set('Link', links);
      sendNegotiatedPage(ctx, { html: homeHtml, markdown: homeText }, 300);
    });

    router.post('/api/scan', async (ctx) => {
      if (ctx.is('application/x-www-form-urlencoded')) return this.scanFromForm(ctx);
      const body = await readJsonBody(ctx);
      const parsed = ScanRequestBody.safeParse(body);
      if (!parsed.success) throw new AppError('VALIDATION_ERROR', zodMessage(parsed.error, body));
      const respondAsync = /(^|[\s,;])respond-async([\s,;]|$)/i.test(ctx.get('Prefer'));
      // An explicit API scan is always fresh when admitted (no reuse).
      const progress = await this.requestScan.start({ domain: parsed.data.domain, clientId: clientIdOf(ctx), allowReuse: false }, respondAsync ? 0 : undefined);
      if (progress.kind === 'done') {
        const answer = scanResultJson(progress.outcome, this.config.baseUrl);
        sendData(ctx, answer, { status: 201 });
        ctx.set('Location', answer.report_url);
        return;
      }
      if (respondAsync) ctx.set('Preference-Applied', 'respond-async');
      sendData(ctx, scanStatusJson(progress.status, this.config.baseUrl), { status: 202 });
      ctx.set('Location', scanStatusLinks(this.config.baseUrl, progress.status.job.id).status);
    });
  }

  private async scanFromForm(ctx: Context): Promise<void> {
    ctx.state.renderError = htmlError;
    const form = new URLSearchParams(await readBodyText(ctx));
    // People paste URLs: the form takes the host from one, and the progress page says so.
    const { domain, tookHost } = domainFromPasted(form.get('domain') ?? '');
    const progress = await this.requestScan.start({ domain, clientId: clientIdOf(ctx), allowReuse: false }, 0);
    ctx.status = 303;
    ctx.set('Cache-Control', 'no-store');
    ctx.redirect(
      progress.kind === 'pending' ? `/scans/${progress.status.job.id}${tookHost ? '?pasted=url' : ''}` : `/reports/${progress.outcome.stored.report.id}`,
    );
  }
}

/** Whom a scan's client budget counts: the API key of a key holder (API_TIERS=on), else the client address. */
function clientIdOf(ctx: Context): string {
  const caller = ctx.state.caller as Caller | undefined;
  return caller?.keyId !== undefined ? caller.subject : ctx.ip;
}

function operations(a: AnswerComponents): Operation[] {
  return [
    {
      method: 'get',
      operationId: 'getHomePage',
      path: '/',
      tags: ['scans'],
      summary: 'The home page with its scan form',
      responses: {
        200: answer(
          'HTML, or Markdown for Accept: text/markdown.',
          { [HTML]: { schema: textBody }, [MARKDOWN]: { schema: textBody } },
          { ...cached('public, max-age=300'), Link: z.string().meta({ description: 'The API catalog, the OpenAPI document and the docs (RFC 8288).' }) },
        ),
        ...errors(COMMON_ERRORS),
      },
    },
    {
      method: 'post',
      operationId: 'requestScan',
      path: '/api/scan',
      tags: ['scans'],
      summary: 'Scan a site now',
      description:
        'A JSON body answers 201 with the report when the scan ends within 30 s, else (or with Prefer: respond-async) 202 with the job. A form post answers 303 to the progress page.',
      request: {
        headers: z.object({ Prefer: z.string().optional().meta({ description: 'respond-async: answer 202 at once (RFC 7240).' }) }),
        body: {
          required: true,
          content: { 'application/json': { schema: ScanRequestBody }, 'application/x-www-form-urlencoded': { schema: ScanRequestBody } },
        },
      },
      responses: {
        201: enveloped('The scan ended: the scan result.', a.ScanResult, { ...NO_STORE, Location: z.string().meta({ description: 'The report page.' }) }),
        202: enveloped('The scan is queued or running: poll the job.', a.ScanStatus, {
          ...NO_STORE,
          Location: z.string().meta({ description: 'The job status (GET /api/scans/{id}).' }),
          'Preference-Applied': z.string().optional().meta({ description: 'respond-async, when asked.' }),
        }),
        303: seeOther('A form post: to the progress page, or the report.'),
        ...errors([...BODY_ERRORS, 'RATE_LIMITED', 'SCAN_UNAVAILABLE', ...STORE_ERRORS]),
      },
    },
  ];
}
