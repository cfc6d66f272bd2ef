import type { Router } from '@koa/router';
import { inject, injectable } from 'inversify';
import type { Context } from 'koa';
import { AppConfig } from '../../../application/ports/app-config.js';
import { CreateWatch } from '../../../application/watches/create-watch.js';
import { ManageWatch } from '../../../application/watches/manage-watch.js';
import { createdWatchJson, deliveriesJson, watchJson } from '../../../application/views/watch-view.js';
import type { HttpRoutes } from '../../shared/http-routes.js';
import { sendData } from '../envelope.js';
import { renderWatchCreatedPage } from '../presenters/watch-page.js';
import { readBodyText, readJsonBody } from '../read-body.js';
import { sendPage } from '../send-page.js';
import { htmlError } from './scan-routes.js';
import { z } from 'zod';
import { WatchInput } from '../../../application/watches/create-watch.js';
import type { AnswerComponents } from '../openapi/answer-schemas.js';
import type { HttpOperations, Operation } from '../openapi/http-operations.js';
import { BODY_ERRORS, enveloped, errors, NO_STORE, STORE_ERRORS } from '../openapi/responses.js';

/**
 * POST /watches (JSON, or the verdict page's "Watch this domain" form, answered with a page), GET
 * and DELETE /watches/{id}, GET /watches/{id}/deliveries.
 */
@injectable()
export class WatchRoutes implements HttpRoutes {
  /** The OpenAPI operations of these routes. */
  static readonly operations: HttpOperations = operations;

  constructor(
    @inject(CreateWatch) private readonly createWatch: CreateWatch,
    @inject(ManageWatch) private readonly manageWatch: ManageWatch,
    @inject(AppConfig) private readonly config: AppConfig,
  ) {}

  mount(router: Router): void {
    router.post('/watches', async (ctx) => {
      if (ctx.is('application/x-www-form-urlencoded')) return this.watchFromForm(ctx);
      const created = await this.createWatch.run(await readJsonBody(ctx), ctx.ip);
      ctx.set('Location', `${this.config.baseUrl}/watches/${created.watch.id}`);
      sendData(ctx, createdWatchJson(created.watch, created.secret, created.token, this.config.baseUrl), { status: 201 });
    });
    router.get('/watches/:id', async (ctx) => {
      sendData(ctx, watchJson(await this.manageWatch.get(ctx.params.id ?? '', bearer(ctx)), this.config.baseUrl));
    });
    router.delete('/watches/:id', async (ctx) => {
      await this.manageWatch.remove(ctx.params.id ?? '', bearer(ctx));
      ctx.status = 204;
      ctx.set('Cache-Control', 'no-store');
    });
    router.get('/watches/:id/deliveries', async (ctx) => {
      const id = ctx.params.id ?? '';
      sendData(ctx, deliveriesJson(id, await this.manageWatch.deliveries(id, bearer(ctx))));
    });
  }

  /** The form's two fields, to the same use case; the page shows the secret and token once, and is never stored. */
  private async watchFromForm(ctx: Context): Promise<void> {
    ctx.state.renderError = htmlError;
    const form = new URLSearchParams(await readBodyText(ctx));
    const created = await this.createWatch.run({ domain: form.get('domain')?.trim() ?? '', callback_url: form.get('callback_url')?.trim() ?? '' }, ctx.ip);
    ctx.set('Location', `${this.config.baseUrl}/watches/${created.watch.id}`);
    sendPage(ctx, 201, renderWatchCreatedPage(createdWatchJson(created.watch, created.secret, created.token, this.config.baseUrl)));
  }
}

/** The token of `Authorization: Bearer <token>`, or undefined. */
function bearer(ctx: Context): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(ctx.get('Authorization'));
  return match?.[1];
}

const id = z.object({ id: z.string().meta({ description: 'The wch_… id of the watch.' }) });
const OWNER_ERRORS = ['VALIDATION_ERROR', 'UNAUTHORIZED', 'FORBIDDEN', 'NOT_FOUND', ...STORE_ERRORS] as const;
const security = [{ watchToken: [] }];

function operations(a: AnswerComponents): Operation[] {
  return [
    {
      method: 'post',
      operationId: 'createWatch',
      path: '/watches',
      tags: ['watches'],
      summary: 'Watch a domain: signed webhooks when its verdict changes',
      description:
        'The callback must be https and resolve only to addresses the outbound policy allows; checked again at every delivery. See /api.md, "Watches and events". A form post (the verdict page\'s "Watch this domain") answers 201 with a page showing the secret and token.',
      request: {
        body: {
          required: true,
          content: {
            'application/json': { schema: WatchInput },
            'application/x-www-form-urlencoded': { schema: WatchInput.pick({ domain: true, callback_url: true }) },
          },
        },
      },
      responses: {
        201: enveloped('The watch, with its secret and token shown once.', a.CreatedWatch),
        ...errors([...BODY_ERRORS, 'RATE_LIMITED', ...STORE_ERRORS]),
      },
    },
    {
      method: 'get',
      operationId: 'getWatch',
      path: '/watches/{id}',
      tags: ['watches'],
      summary: 'A watch, with its token',
      security,
      request: { params: id },
      responses: { 200: enveloped('The watch (never its secret).', a.Watch, NO_STORE), ...errors(OWNER_ERRORS) },
    },
    {
      method: 'delete',
      operationId: 'deleteWatch',
      path: '/watches/{id}',
      tags: ['watches'],
      summary: 'Delete a watch, with its token',
      security,
      request: { params: id },
      responses: { 204: { description: 'Deleted; undelivered events are dropped.', headers: z.object(NO_STORE) }, ...errors(OWNER_ERRORS) },
    },
    {
      method: 'get',
      operationId: 'listWatchDeliveries',
      path: '/watches/{id}/deliveries',
      tags: ['watches'],
      summary: 'The latest delivery attempts of a watch',
      security,
      request: { params: id },
      responses: { 200: enveloped('The latest 50 attempts, newest first.', a.Deliveries, NO_STORE), ...errors(OWNER_ERRORS) },
    },
  ];
}
