import type { Router } from '@koa/router';
import { inject, injectable } from 'inversify';
import { ReadUsage } from '../../../application/access/read-usage.js';
import { AppConfig } from '../../../application/ports/app-config.js';
import { usageView } from '../../../application/views/usage-view.js';
import type { HttpRoutes } from '../../shared/http-routes.js';
import { sendData } from '../envelope.js';
import { clientIpOf } from '../request-stamp.js';

/** GET /account/usage: the usage of the API key the request carries (today and the 30 days before). */
@injectable()
export class AccountRoutes implements HttpRoutes {
  constructor(
    @inject(ReadUsage) private readonly readUsage: ReadUsage,
    @inject(AppConfig) private readonly config: AppConfig,
  ) {}

  mount(router: Router): void {
    router.get('/account/usage', async (ctx) => {
      const usage = await this.readUsage.ofCaller({ authorization: ctx.req.headers.authorization, clientAddress: clientIpOf(ctx.req, this.config.trustProxy) });
      sendData(ctx, usageView(usage));
      ctx.set('Cache-Control', 'no-store');
    });
  }
}
