import type { Router } from '@koa/router';
import { inject, injectable } from 'inversify';
import { ReadUsage } from '../../../application/access/read-usage.js';
import { AppConfig } from '../../../application/ports/app-config.js';
import { usageView } from '../../../application/views/usage-view.js';
import type { HttpRoutes } from '../../shared/http-routes.js';
import { sendData } from '../envelope.js';
import { clientIpOf } from '../request-stamp.js';
import type { AnswerComponents } from '../openapi/answer-schemas.js';
import type { HttpOperations, Operation } from '../openapi/http-operations.js';
import { enveloped, errors, STORE_ERRORS } from '../openapi/responses.js';

/** GET /account/usage: the usage of the API key the request carries (today and the 30 days before). */
@injectable()
export class AccountRoutes implements HttpRoutes {
  /** The OpenAPI operations of these routes. */
  static readonly operations: HttpOperations = operations;

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

function operations(a: AnswerComponents): Operation[] {
  return [
    {
      method: 'get',
      operationId: 'getUsage',
      path: '/account/usage',
      tags: ['registry'],
      summary: "An API key's usage: today and the 30 days before",
      description:
        "Counts of the public reads made with the key (every instance's, as of its last sync, a second at most behind), its tier and daily quota. Not itself counted.",
      security: [{ apiKey: [] }],
      responses: { 200: enveloped('The usage.', a.Usage), ...errors(['UNAUTHORIZED', ...STORE_ERRORS]) },
    },
  ];
}
