import type { Router } from '@koa/router';
import { inject, injectable } from 'inversify';
import { Clock } from '../../../application/ports/clock.js';
import { LookupEntity } from '../../../application/registry/lookup-entity.js';
import { lookupEntityJson } from '../../../application/views/registry-view.js';
import type { HttpRoutes } from '../../shared/http-routes.js';
import { sendData } from '../envelope.js';
import { prefersHtml, VerdictPageRoutes } from './verdict-page-routes.js';

/** GET /lookup/{id}: one registry entity with its status as of now, or its page for a browser. */
@injectable()
export class LookupRoutes implements HttpRoutes {
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
