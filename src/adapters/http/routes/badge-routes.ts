import type { Router } from '@koa/router';
import { inject, injectable } from 'inversify';
import { VerifyDomain } from '../../../application/verdict/verify-domain.js';
import { answerCaching } from '../../../application/views/answer-caching.js';
import { badgeText } from '../../../application/views/badge-view.js';
import type { HttpRoutes } from '../../shared/http-routes.js';
import { cacheableAnswer, sendCacheable } from '../cacheable-answer.js';
import { BADGE_CSP, renderBadgeSvg } from '../presenters/badge-svg.js';

/** GET /badge/{domain}.svg: the latest readiness and score as a badge, cached (and purged) as the verify answer is. */
@injectable()
export class BadgeRoutes implements HttpRoutes {
  constructor(@inject(VerifyDomain) private readonly verifyDomain: VerifyDomain) {}

  mount(router: Router): void {
    router.get('/badge/:domain.svg', async (ctx) => {
      const outcome = await this.verifyDomain.run(ctx.params.domain ?? '');
      ctx.set('Content-Security-Policy', BADGE_CSP);
      sendCacheable(
        ctx,
        cacheableAnswer(renderBadgeSvg(badgeText(outcome)), 'image/svg+xml; charset=utf-8', answerCaching(outcome.verdict.domain, outcome.cacheSeconds)),
      );
    });
  }
}
