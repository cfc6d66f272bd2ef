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

/**
 * POST /watches (JSON, or the verdict page's "Watch this domain" form, answered with a page), GET
 * and DELETE /watches/{id}, GET /watches/{id}/deliveries.
 */
@injectable()
export class WatchRoutes implements HttpRoutes {
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
