import type { Router } from '@koa/router';
import { inject, injectable } from 'inversify';
import { CheckReadiness } from '../../../application/operations/check-readiness.js';
import { GetStatus } from '../../../application/operations/get-status.js';
import type { HttpRoutes } from '../../shared/http-routes.js';
import { sendData } from '../envelope.js';

/** GET /status (the contract's status record) and GET /status/ready (whether this instance can serve). */
@injectable()
export class StatusRoutes implements HttpRoutes {
  constructor(
    @inject(GetStatus) private readonly getStatus: GetStatus,
    @inject(CheckReadiness) private readonly checkReadiness: CheckReadiness,
  ) {}

  mount(router: Router): void {
    router.get('/status', (ctx) => sendData(ctx, this.getStatus.run()));
    router.get('/status/ready', async (ctx) => sendData(ctx, await this.checkReadiness.run()));
  }
}
