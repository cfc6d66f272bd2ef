import type { Router } from '@koa/router';
import { inject, injectable } from 'inversify';
import { VerifyDomain } from '../../../application/verdict/verify-domain.js';
import { answerCaching } from '../../../application/views/answer-caching.js';
import { badgeText } from '../../../application/views/badge-view.js';
import type { HttpRoutes } from '../../shared/http-routes.js';
import { cacheableAnswer, sendCacheable } from '../cacheable-answer.js';
import { BADGE_CSP, renderBadgeSvg } from '../presenters/badge-svg.js';
import type { HttpOperations, Operation } from '../openapi/http-operations.js';
import { answer, cached, errors, param, STORE_ERRORS, textBody } from '../openapi/responses.js';
import { NOT_MODIFIED, VERIFY_CACHE } from '../openapi/verify-caching.js';

/** GET /badge/{domain}.svg: the latest readiness and score as a badge, cached (and purged) as the verify answer is. */
@injectable()
export class BadgeRoutes implements HttpRoutes {
  /** The OpenAPI operations of these routes. */
  static readonly operations: HttpOperations = operations;

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

function operations(): Operation[] {
  return [
    {
      method: 'get',
      operationId: 'getBadge',
      path: '/badge/{domain}.svg',
      tags: ['registry'],
      summary: 'A badge of the latest readiness and score',
      description:
        'An SVG badge (role img, with a title) saying the readiness and score of the latest report, "not scanned" or "blocked". Only Vetted\'s words: never text the site chose.',
      request: { params: param('domain', 'A domain or host name.') },
      responses: {
        200: answer('The badge.', { 'image/svg+xml': { schema: textBody } }, { ...VERIFY_CACHE, ...cached('as GET /verify of the domain') }),
        304: NOT_MODIFIED,
        ...errors(['VALIDATION_ERROR', 'NOT_FOUND', ...STORE_ERRORS]),
      },
    },
  ];
}
