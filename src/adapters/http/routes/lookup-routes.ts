import type { Router } from '@koa/router';
import { inject, injectable } from 'inversify';
import { Clock } from '../../../application/ports/clock.js';
import { LookupEntity } from '../../../application/registry/lookup-entity.js';
import { lookupEntityJson } from '../../../application/views/registry-view.js';
import { LookupCounterparty } from '../../../application/counterparty/lookup-counterparty.js';
import { counterpartyLookupJson } from '../../../application/views/counterparty-schema.js';
import { AppError } from '../../../application/errors.js';
import { z } from 'zod';
import type { HttpRoutes } from '../../shared/http-routes.js';
import { sendData } from '../envelope.js';
import { prefersHtml, VerdictPageRoutes } from './verdict-page-routes.js';
import type { AnswerComponents } from '../openapi/answer-schemas.js';
import type { HttpOperations, Operation } from '../openapi/http-operations.js';
import { cached, enveloped, errors, OPTIONAL_KEY, param, STORE_ERRORS } from '../openapi/responses.js';
import { tierErrors } from '../openapi/tier-responses.js';

/** The query of GET /lookup; the OpenAPI document describes it from here. */
const LookupQuery = z.strictObject({
  pay_to: z.string().max(200).optional().describe('A payment destination, as a CAIP-10 account id.'),
  key: z.string().max(200).optional().describe('A key, as its RFC 7638 JWK thumbprint.'),
});

/** GET /lookup?pay_to= (or ?key=): the entities a destination or key is bound to. GET /lookup/{id}: one registry entity with its status as of now, or its page for a browser. */
@injectable()
export class LookupRoutes implements HttpRoutes {
  /** The OpenAPI operations of these routes. */
  static readonly operations: HttpOperations = operations;

  constructor(
    @inject(Clock) private readonly clock: Clock,
    @inject(LookupEntity) private readonly lookupEntity: LookupEntity,
    @inject(VerdictPageRoutes) private readonly pages: VerdictPageRoutes,
    @inject(LookupCounterparty) private readonly lookupCounterparty: LookupCounterparty,
  ) {}

  mount(router: Router): void {
    router.get('/lookup', async (ctx) => {
      const query = LookupQuery.safeParse(ctx.query);
      if (!query.success) throw new AppError('VALIDATION_ERROR', 'Ask /lookup?pay_to=<CAIP-10 account id> or /lookup?key=<JWK thumbprint>, one value each.');
      const { pay_to: payTo, key } = query.data;
      const found = await this.lookupCounterparty.run({ ...(payTo !== undefined ? { payTo } : {}), ...(key !== undefined ? { key } : {}) });
      // Bindings change without a write under any name a cache would purge: never cached.
      sendData(ctx, counterpartyLookupJson(found.fact, found.bindings));
    });
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
      operationId: 'lookupCounterparty',
      path: '/lookup',
      tags: ['registry', 'payments'],
      summary: 'Which verified entities a payment destination or key is bound to',
      description:
        'Give pay_to (a CAIP-10 account id; a mistyped EIP-55 checksum is refused) or key (a JWK thumbprint). bound_to lists the entities it is bound to now, oldest first; one bound to two entities is flagged. Never cached.',
      request: { query: LookupQuery },
      security: OPTIONAL_KEY,
      responses: {
        200: enveloped('The bindings in force.', a.CounterpartyLookup),
        ...errors(['VALIDATION_ERROR', ...STORE_ERRORS]),
        ...tierErrors(),
      },
    },
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
