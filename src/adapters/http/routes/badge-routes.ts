import type { Router } from '@koa/router';
import { inject, injectable } from 'inversify';
import { VerifyDomain } from '../../../application/verdict/verify-domain.js';
import { badgeText } from '../../../application/views/badge-view.js';
import type { HttpRoutes } from '../../shared/http-routes.js';
import { cacheControl } from '../envelope.js';
import { BADGE_CSP, renderBadgeSvg } from '../presenters/badge-svg.js';

/** GET /badge/{domain}.svg: the latest readiness and score as a badge, cached as long as the verify answer. */
@injectable()
export class BadgeRoutes implements HttpRoutes {
  constructor(@inject(VerifyDomain) private readonly verifyDomain: VerifyDomain) {}

  mount(router: Router): void {
    router.get('/badge/:domain.svg', async (ctx) => {
      const outcome = await this.verifyDomain.run(ctx.params.domain ?? '');
      ctx.set('Cache-Control', cacheControl(outcome.cacheSeconds));
      ctx.set('Content-Security-Policy', BADGE_CSP);
      ctx.type = 'image/svg+xml; charset=utf-8';
      ctx.body = renderBadgeSvg(badgeText(outcome));
    });
  }
}
