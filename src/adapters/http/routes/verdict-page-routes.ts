import type { Router } from '@koa/router';
import { inject, injectable } from 'inversify';
import type { Context } from 'koa';
import { AppError } from '../../../application/errors.js';
import { domainFromPasted } from '../../../application/input/domain-input.js';
import { AppConfig } from '../../../application/ports/app-config.js';
import { Clock } from '../../../application/ports/clock.js';
import { LookupEntity } from '../../../application/registry/lookup-entity.js';
import { AssessTrust } from '../../../application/trust/assess-trust.js';
import { lookupEntityJson } from '../../../application/views/registry-view.js';
import { trustView } from '../../../application/views/trust-view.js';
import { verdictPageView } from '../../../application/views/verdict-page-view.js';
import { EntityBindings } from '../../../application/counterparty/entity-bindings.js';
import { counterpartyLines } from '../../../application/views/counterparty-lines.js';
import type { HttpRoutes } from '../../shared/http-routes.js';
import { renderEntityPage } from '../presenters/entity-page.js';
import { PEOPLE_PAGE_CSP } from '../presenters/people-style.js';
import { renderVerdictPage } from '../presenters/verdict-page.js';
import { sendPage } from '../send-page.js';
import { htmlError } from './scan-routes.js';
import { z } from 'zod';
import type { HttpOperations, Operation } from '../openapi/http-operations.js';
import { answer, cached, errors, HTML, param, STORE_ERRORS, textBody } from '../openapi/responses.js';

// Pages change with every write and every scan: a minute at most, like a rendered answer.
const PAGE_SECONDS = 60;

/** True when the client prefers HTML to JSON (a browser), so that a data URL answers its page. */
export function prefersHtml(ctx: Context): boolean {
  return ctx.get('accept').includes('text/html') && ctx.accepts('application/json', 'text/html') === 'text/html';
}

/**
 * The pages people act on beside the data: a domain's verdict (`/domains/{domain}`, and
 * `GET /verify/{domain}` to a browser) and a registry entity (`/entities/{id}`, and `/lookup/{id}`
 * to a browser). Each calls the use case its JSON answer calls and renders that answer's view.
 */
@injectable()
export class VerdictPageRoutes implements HttpRoutes {
  /** The OpenAPI operations of these routes. */
  static readonly operations: HttpOperations = operations;

  constructor(
    @inject(AppConfig) private readonly config: AppConfig,
    @inject(Clock) private readonly clock: Clock,
    @inject(AssessTrust) private readonly assessTrust: AssessTrust,
    @inject(LookupEntity) private readonly lookupEntity: LookupEntity,
    @inject(EntityBindings) private readonly entityBindings: EntityBindings,
  ) {}

  mount(router: Router): void {
    // The home page's "Check a domain" form (GET, no script): a pasted URL is taken for its host.
    router.get('/domains', (ctx) => {
      ctx.state.renderError = htmlError;
      const asked = typeof ctx.query.domain === 'string' ? ctx.query.domain : '';
      if (asked.trim() === '') throw new AppError('VALIDATION_ERROR', 'Type a domain name to check, such as example.com.');
      const { domain } = domainFromPasted(asked);
      ctx.status = 303;
      ctx.set('Cache-Control', 'no-store');
      ctx.redirect(`/domains/${encodeURIComponent(domain)}`);
    });
    router.get('/domains/:domain', (ctx) => this.verdictPage(ctx, ctx.params.domain ?? ''));
    router.get('/entities/:id', (ctx) => this.entityPage(ctx, ctx.params.id ?? ''));
  }

  /**
   * The verdict page of `domain`: the trust answer of `signals=true`, from stored observations only
   * unless the query asks `external=true` (the page's "Look now"), which looks live as the JSON
   * answer does on that explicit request; such a page is never cached.
   */
  async verdictPage(ctx: Context, domain: string): Promise<void> {
    ctx.state.renderError = htmlError;
    const external = ctx.query.external === 'true' || ctx.query.external === '1';
    const view = trustView(await this.assessTrust.run(domain, { external }), this.config.baseUrl);
    const bound = counterpartyLines(await this.entityBindings.run(view.answer.entity?.id ?? null), this.clock.now());
    sendPage(ctx, 200, renderVerdictPage(verdictPageView(view, this.config.baseUrl), bound), external ? 0 : PAGE_SECONDS, PEOPLE_PAGE_CSP);
  }

  /** The page of entity `id`: the lookup answer in words. */
  async entityPage(ctx: Context, id: string): Promise<void> {
    ctx.state.renderError = htmlError;
    const entity = lookupEntityJson(await this.lookupEntity.run(id), this.clock.now());
    sendPage(ctx, 200, renderEntityPage(entity, `${this.config.baseUrl}/lookup/${encodeURIComponent(entity.id)}`), PAGE_SECONDS, PEOPLE_PAGE_CSP);
  }
}

function operations(): Operation[] {
  const page = answer('The page.', { [HTML]: { schema: textBody } }, cached('public, max-age=60'));
  return [
    {
      method: 'get',
      operationId: 'checkDomainForm',
      path: '/domains',
      tags: ['registry'],
      summary: "The home page's check form: to the domain's verdict page",
      request: { query: z.object({ domain: z.string().meta({ description: 'A domain name, or a URL whose host name is checked.' }) }) },
      responses: { 303: { description: 'To /domains/{domain}.' }, ...errors(['VALIDATION_ERROR']) },
    },
    {
      method: 'get',
      operationId: 'getVerdictPage',
      path: '/domains/{domain}',
      tags: ['registry'],
      summary: "A domain's verdict page, for the person who decides",
      description:
        'HTML (GET /verify/{domain} answers the same page to a client preferring text/html): the verdict in a sentence, the trust score with every signal, the guidance, a lookalike warning, readiness with a Scan again button, the badge and how to watch the domain; the words of the signals=true answer.',
      request: { params: param('domain', 'A domain or host name.') },
      responses: { 200: page, ...errors(['VALIDATION_ERROR', ...STORE_ERRORS]) },
    },
    {
      method: 'get',
      operationId: 'getEntityPage',
      path: '/entities/{id}',
      tags: ['registry'],
      summary: "A registry entity's page",
      description: 'HTML (GET /lookup/{id} answers the same page to a client preferring text/html): the lookup answer in words.',
      request: { params: param('id', 'An entity id: ent_ followed by letters and a number.') },
      responses: { 200: page, ...errors(['VALIDATION_ERROR', 'NOT_FOUND', ...STORE_ERRORS]) },
    },
  ];
}
