import type { Router } from '@koa/router';
import { inject, injectable } from 'inversify';
import { CheckReadiness } from '../../../application/operations/check-readiness.js';
import { GetStatus } from '../../../application/operations/get-status.js';
import type { HttpRoutes } from '../../shared/http-routes.js';
import { sendData } from '../envelope.js';
import { ReadyAnswer, StatusAnswer } from '../openapi/answer-schemas.js';
import type { HttpOperations, Operation } from '../openapi/http-operations.js';
import { COMMON_ERRORS, enveloped, errors, STORE_ERRORS } from '../openapi/responses.js';

/** GET /status (the contract's status record) and GET /status/ready (whether this instance can serve). */
@injectable()
export class StatusRoutes implements HttpRoutes {
  /** The OpenAPI operations of these routes. */
  static readonly operations: HttpOperations = operations;

  constructor(
    @inject(GetStatus) private readonly getStatus: GetStatus,
    @inject(CheckReadiness) private readonly checkReadiness: CheckReadiness,
  ) {}

  mount(router: Router): void {
    router.get('/status', (ctx) => sendData(ctx, this.getStatus.run()));
    router.get('/status/ready', async (ctx) => sendData(ctx, await this.checkReadiness.run()));
  }
}

function operations(): Operation[] {
  return [
    {
      method: 'get',
      operationId: 'getStatus',
      path: '/status',
      tags: ['registry'],
      summary: 'Liveness: needs no database',
      responses: { 200: enveloped('The service is up.', StatusAnswer), ...errors(COMMON_ERRORS) },
    },
    {
      method: 'get',
      operationId: 'getReadiness',
      path: '/status/ready',
      tags: ['registry'],
      summary: 'Readiness: the database answers within 2 s',
      responses: { 200: enveloped('Ready to serve.', ReadyAnswer), ...errors(STORE_ERRORS) },
    },
  ];
}
