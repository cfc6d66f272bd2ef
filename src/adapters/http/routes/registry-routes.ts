import type { IncomingHttpHeaders } from 'node:http';
import type { Router } from '@koa/router';
import { inject, injectable } from 'inversify';
import type { Context } from 'koa';
import { z } from 'zod';
import { AppError } from '../../../application/errors.js';
import { AppConfig } from '../../../application/ports/app-config.js';
import { Clock } from '../../../application/ports/clock.js';
import { Metrics, NO_METRICS } from '../../../application/ports/metrics.js';
import { SignVerdict } from '../../../application/verdict/sign-verdict.js';
import { AssessTrust, type TrustOutcome } from '../../../application/trust/assess-trust.js';
import { VerifyDomain, type VerifyOutcome } from '../../../application/verdict/verify-domain.js';
import { answerCaching } from '../../../application/views/answer-caching.js';
import { verifyView } from '../../../application/views/registry-view.js';
import { trustView } from '../../../application/views/trust-view.js';
import { CheckPayment } from '../../../application/counterparty/check-payment.js';
import { counterpartyJson } from '../../../application/views/counterparty-schema.js';
import type { DirectAnswer, HttpRoutes } from '../../shared/http-routes.js';
import { cacheableAnswer, JSON_UTF8, sendCacheable, type CacheableAnswer } from '../cacheable-answer.js';
import { sendVerification } from '../envelope.js';
import { RenderedAnswers } from '../rendered-answers.js';
import { prefersHtml, VerdictPageRoutes } from './verdict-page-routes.js';
import { type AnswerComponents, ErrorEnvelope } from '../openapi/answer-schemas.js';
import type { HttpOperations, Operation } from '../openapi/http-operations.js';
import { answer, errors, json, OPTIONAL_KEY, param, STORE_ERRORS, textBody } from '../openapi/responses.js';
import { tierErrors } from '../openapi/tier-responses.js';
import { NOT_MODIFIED, VERIFY_CACHE } from '../openapi/verify-caching.js';

const queryFlag = z
  .enum(['true', 'false', '1', '0'])
  .optional()
  .transform((v) => v === 'true' || v === '1');
/** The query of GET /verify/{domain}; the OpenAPI document describes it from here. */
const VerifyQuery = z.object({
  signals: queryFlag,
  external: queryFlag,
  format: z.enum(['json', 'jws']).optional(),
  expected: z
    .string()
    .max(1024)
    .optional()
    .describe('The counterparty the agent meant (a domain): the trust answer (implied) says how this name stands to it in expected.'),
  pay_to: z
    .string()
    .max(200)
    .optional()
    .describe(
      'A payment destination (CAIP-10 account id): the trust answer (implied) adds counterparty.pay_to, whether it is bound to this domain’s verified entity.',
    ),
  key: z.string().max(200).optional().describe('A key’s RFC 7638 JWK thumbprint: the trust answer (implied) adds counterparty.key.'),
});

/** The media type of a compact JWS (RFC 7515 §9.2.1). */
const JOSE = 'application/jose';

/**
 * GET /verify/{domain}, plain, with signals, signed or against an expected counterparty (/status
 * and /lookup are StatusRoutes' and LookupRoutes'). Verify answers without live looks are repeated from RenderedAnswers while
 * current; every cacheable one carries Surrogate-Key and an ETag, and a matching If-None-Match gets
 * a 304 (cacheable-answer.ts).
 */
@injectable()
export class RegistryRoutes implements HttpRoutes {
  /** The OpenAPI operations of these routes. */
  static readonly operations: HttpOperations = operations;

  private readonly answers: RenderedAnswers<VerifyOutcome | TrustOutcome>;

  constructor(
    @inject(AppConfig) private readonly config: AppConfig,
    @inject(Clock) clock: Clock,
    @inject(VerifyDomain) private readonly verifyDomain: VerifyDomain,
    @inject(AssessTrust) private readonly assessTrust: AssessTrust,
    @inject(SignVerdict) private readonly signVerdict: SignVerdict,
    @inject(VerdictPageRoutes) private readonly pages: VerdictPageRoutes,
    @inject(CheckPayment) private readonly checkPayment: CheckPayment,
    @inject(Metrics) metrics: Metrics = NO_METRICS,
  ) {
    this.answers = new RenderedAnswers('/verify/:domain', '/verify/', clock, metrics, (outcome) =>
      'assessment' in outcome ? assessTrust.isCurrent(outcome) : verifyDomain.isCurrent(outcome),
    );
  }

  directAnswer(method: string, url: string, headers: IncomingHttpHeaders): DirectAnswer | Promise<DirectAnswer | undefined> | undefined {
    // A signed answer is made per request, and a browser is answered the page: never a repeated JSON answer.
    if (headers.accept?.includes(JOSE) || headers.accept?.includes('text/html')) return undefined;
    return this.answers.find(method, url, headers) ?? (method === 'GET' ? this.coldAnswer(url, headers) : undefined);
  }

  /**
   * A verify not repeated from a rendered answer, made before Koa builds a context: the same use
   * case and view as the route below, for the two plainest targets (`/verify/{domain}` and
   * `?signals=true`); any other query or an expired verification is left to the route, a failure to Koa's error envelope.
   */
  private coldAnswer(url: string, headers: IncomingHttpHeaders): Promise<DirectAnswer | undefined> | undefined {
    const query = url.indexOf('?');
    const path = query === -1 ? url : url.slice(0, query);
    const signals = query !== -1 && url.slice(query + 1) === 'signals=true';
    if ((query !== -1 && !signals) || !path.startsWith('/verify/') || path.indexOf('/', '/verify/'.length) !== -1) return undefined;
    let domain: string;
    try {
      domain = decodeURIComponent(path.slice('/verify/'.length));
    } catch {
      return undefined;
    }
    return (async () => {
      let outcome: VerifyOutcome | TrustOutcome;
      let view: ReturnType<typeof verifyView> | ReturnType<typeof trustView>;
      if (signals) view = trustView((outcome = await this.assessTrust.run(domain, { external: false })), this.config.baseUrl);
      else view = verifyView((outcome = await this.verifyDomain.run(domain)), this.config.baseUrl);
      if (view.kind !== 'data') return undefined;
      const answer = this.answers.keep(url, outcome, { success: true, data: view.answer }, answerCaching(outcome.verdict.domain, outcome.cacheSeconds));
      return this.answers.direct(answer, headers);
    })();
  }

  mount(router: Router): void {
    router.get('/verify/:domain', async (ctx) => {
      ctx.vary('Accept');
      if (prefersHtml(ctx)) return this.pages.verdictPage(ctx, ctx.params.domain ?? '');
      // The plain verify is the hottest path: skip query parsing when there is no query at all.
      if (ctx.querystring !== '' || ctx.get('accept').includes(JOSE)) {
        const query = VerifyQuery.safeParse(ctx.query);
        if (!query.success)
          throw new AppError(
            'VALIDATION_ERROR',
            'signals and external take true or false, format json or jws, expected one domain name, pay_to one account id and key one thumbprint.',
          );
        const { signals, external, format, expected, pay_to: payTo, key } = query.data;
        if (payTo !== undefined || key !== undefined) {
          if (external || expected !== undefined || format === 'jws')
            throw new AppError('VALIDATION_ERROR', 'pay_to and key are answered from stored data alone: ask without external, expected or format=jws.');
          return this.verifyWithCounterparty(ctx, payTo, key);
        }
        if (format === 'jws' || (format === undefined && ctx.get('accept').includes(JOSE))) {
          if (expected !== undefined) throw new AppError('VALIDATION_ERROR', 'expected is not signed: ask without format=jws (or Accept: application/jose).');
          return this.signedVerify(ctx, signals || external, external);
        }
        if (signals || external || expected !== undefined) return this.verifyWithSignals(ctx, external, expected);
      }
      const outcome = await this.verifyDomain.run(ctx.params.domain ?? '');
      sendVerification(ctx, verifyView(outcome, this.config.baseUrl), this.keeper(ctx, outcome));
    });
  }

  private async signedVerify(ctx: Context, signals: boolean, external: boolean): Promise<void> {
    const signed = await this.signVerdict.run(ctx.params.domain ?? '', { signals, external });
    sendCacheable(ctx, cacheableAnswer(signed.jws, JOSE, external ? undefined : answerCaching(signed.answer.domain, signed.cacheSeconds)));
  }

  private async verifyWithSignals(ctx: Context, external: boolean, expected?: string): Promise<void> {
    const outcome = await this.assessTrust.run(ctx.params.domain ?? '', { external, ...(expected !== undefined ? { expected } : {}) });
    // An answer with live looks is neither repeated nor kept by any cache: the next one may look again.
    const render = external ? (envelope: unknown) => cacheableAnswer(JSON.stringify(envelope), JSON_UTF8, undefined) : this.keeper(ctx, outcome);
    sendVerification(ctx, trustView(outcome, this.config.baseUrl), render);
  }

  private async verifyWithCounterparty(ctx: Context, payTo: string | undefined, key: string | undefined): Promise<void> {
    const outcome = await this.checkPayment.run({
      domain: ctx.params.domain ?? '',
      ...(payTo !== undefined ? { payTo } : {}),
      ...(key !== undefined ? { key } : {}),
    });
    const view = trustView(outcome.trust, this.config.baseUrl);
    const counterparty = { [outcome.fact.kind]: counterpartyJson(outcome.standing) };
    const withCounterparty = view.kind === 'data' ? { ...view, answer: { ...view.answer, counterparty } } : view;
    // Bindings change without a write under the name asked about: never kept, never cached.
    sendVerification(ctx, withCounterparty, (envelope) => cacheableAnswer(JSON.stringify(envelope), JSON_UTF8, undefined));
  }

  private keeper(ctx: Context, outcome: VerifyOutcome | TrustOutcome): (envelope: unknown) => CacheableAnswer {
    return (envelope) => this.answers.keep(ctx.url, outcome, envelope, answerCaching(outcome.verdict.domain, outcome.cacheSeconds));
  }
}

function operations(a: AnswerComponents): Operation[] {
  // The richer answer first: a union is matched in order.
  const verified = z.strictObject({ success: z.literal(true), data: z.union([a.VerifyWithSignals, a.Verify]) });
  return [
    {
      method: 'get',
      operationId: 'verifyDomain',
      path: '/verify/{domain}',
      tags: ['registry'],
      summary: 'What the registry says about a domain now',
      description:
        'With signals=true (and external=true) the answer adds the trust assessment. An expired verification answers 200 in the failure envelope with code EXPIRED. ' +
        'A cacheable answer carries an ETag (304 to a matching If-None-Match) and Surrogate-Key, the key the service purges after a write under the name when CDN_PURGE_URL is set. ' +
        'With Accept: application/jose or format=jws the answer is a compact JWS (RFC 7515) of the same data as JWT claims, plus iss, sub, iat and exp (the cache lifetime, at least 60 s), signed EdDSA with the key of /.well-known/jwks.json named by kid.',
      request: { params: param('domain', 'A domain or host name.'), query: VerifyQuery },
      security: OPTIONAL_KEY,
      responses: {
        200: answer(
          'The registry status, or EXPIRED; or the signed answer.',
          { ...json(z.union([verified, ErrorEnvelope])), [JOSE]: { schema: textBody } },
          VERIFY_CACHE,
        ),
        304: NOT_MODIFIED,
        ...errors(['VALIDATION_ERROR', ...STORE_ERRORS]),
        ...tierErrors(),
      },
    },
  ];
}
