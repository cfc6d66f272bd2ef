import type { Router } from '@koa/router';
import { inject, injectable } from 'inversify';
import { Clock } from '../../../application/ports/clock.js';
import { LookupEntity } from '../../../application/registry/lookup-entity.js';
import { lookupEntityJson } from '../../../application/views/registry-view.js';
import type { HttpRoutes } from '../../shared/http-routes.js';
import { sendData } from '../envelope.js';
import { prefersHtml, VerdictPageRoutes } from './verdict-page-routes.js';
import type { AnswerComponents } from '../openapi/answer-schemas.js';
import type { HttpOperations, Operation } from '../openapi/http-operations.js';
import { cached, enveloped, errors, OPTIONAL_KEY, param, STORE_ERRORS } from '../openapi/responses.js';
import { tierErrors } from '../openapi/tier-responses.js';

/** GET /lookup/{id}: one registry entity with its status as of now, or its page for a browser. */
@injectable()
export class LookupRoutes implements HttpRoutes {
  /** The OpenAPI operations of these routes. */
  static readonly operations: HttpOperations = operations;

  constructor(
    @inject(Clock) private readonly clock: Clock,
    @inject(LookupEntity) private readonly lookupEntity: LookupEntity,
    @inject(VerdictPageRoutes) private readonly pages: VerdictPageRoutes,
  ) {}

  mount(router: Router): void {
    router.get('/lookup/:id', async (ctx) => {
      ctx.vary('Accept');
      if (prefersHtml(ctx)) return this.pages.entityPage(ctx, ctx.params.id ?? '');
      const entity = await this.lookupEntity.run(ctx.params.id ?? '');
      sendData(ctx, lookupEntityJson(entity, this.clock.now()), { cacheSeconds: 300 });
    });
  }
}

function operations(a: AnswerComponents): Operation[] {
  return [
    {
      method: 'get',
      operationId: 'lookupEntity',
      path: '/lookup/{id}',
      tags: ['registry'],
      summary: 'One registry entity by id',
      request: { params: param('id', 'An entity id: ent_ followed by letters and a number.') },
      security: OPTIONAL_KEY,
      responses: {
        200: enveloped('The entity.', a.Entity, cached('public, max-age=300')),
        ...errors(['VALIDATION_ERROR', 'NOT_FOUND', ...STORE_ERRORS]),
        ...tierErrors(),
      },
    },
  ];
}
