import type { Router } from '@koa/router';
import { inject, injectable } from 'inversify';
import type { Context } from 'koa';
import { isAppError } from '../../../application/errors.js';
import { ConfirmRegistration } from '../../../application/registration/confirm-registration.js';
import { RegisterDomain } from '../../../application/registration/register-domain.js';
import { registrationFormView } from '../../../application/views/registration-form-view.js';
import { registrationCreatedJson } from '../../../application/views/registration-view.js';
import type { HttpRoutes } from '../../shared/http-routes.js';
import { sendData } from '../envelope.js';
import { renderConfirmPage } from '../presenters/confirm-pages.js';
import { renderRegistrationForm, renderRegistrationLimitPage } from '../presenters/registration-form-page.js';
import { REPORT_PAGE_CSP } from '../presenters/report-html.js';
import { readBodyText, readJsonBody } from '../read-body.js';
import { parseRegistrationForm } from '../registration-form-body.js';
import { sendPage } from '../send-page.js';
import { htmlError } from './scan-routes.js';
import { z } from 'zod';
import { RegisterInput } from '../../../application/registration/register-domain.js';
import type { AnswerComponents } from '../openapi/answer-schemas.js';
import type { HttpOperations, Operation } from '../openapi/http-operations.js';
import { BODY_ERRORS, cached, COMMON_ERRORS, enveloped, errors, HTML, NO_STORE, seeOther, STORE_ERRORS, textAnswer, textBody } from '../openapi/responses.js';

/** GET /register (the form), POST /register (JSON, or the form posted) and GET /confirm/{token}. */
@injectable()
export class RegistrationRoutes implements HttpRoutes {
  /** The OpenAPI operations of these routes. */
  static readonly operations: HttpOperations = operations;

  constructor(
    @inject(RegisterDomain) private readonly registerDomain: RegisterDomain,
    @inject(ConfirmRegistration) private readonly confirmRegistration: ConfirmRegistration,
  ) {}

  mount(router: Router): void {
    // Rendered once: the empty form depends on nothing.
    const formHtml = renderRegistrationForm(registrationFormView());
    router.get('/register', (ctx) => sendPage(ctx, 200, formHtml, 300));

    router.post('/register', async (ctx) => {
      if (ctx.is('application/x-www-form-urlencoded')) return this.registerFromForm(ctx);
      sendData(ctx, registrationCreatedJson(await this.registerDomain.run(await readJsonBody(ctx), ctx.ip)), { status: 201 });
    });

    router.get('/confirm/:token', async (ctx) => {
      const { status, html } = renderConfirmPage(await this.confirmRegistration.run(ctx.params.token ?? ''));
      ctx.status = status;
      ctx.type = 'text/html; charset=utf-8';
      ctx.set('Cache-Control', 'no-store');
      ctx.set('Content-Security-Policy', REPORT_PAGE_CSP);
      ctx.body = html;
    });
  }

  /** The same use case as JSON; a refusal comes back as the form with the problems, or a page saying when to retry. */
  private async registerFromForm(ctx: Context): Promise<void> {
    ctx.state.renderError = htmlError;
    const values = parseRegistrationForm(await readBodyText(ctx));
    let outcome;
    try {
      outcome = await this.registerDomain.run(values, ctx.ip);
    } catch (error) {
      if (isAppError(error) && error.code === 'VALIDATION_ERROR') return sendPage(ctx, 400, renderRegistrationForm(registrationFormView(values, error)));
      if (isAppError(error) && error.code === 'RATE_LIMITED') {
        const seconds = error.details.retryAfterSeconds ?? 3600;
        ctx.set('Retry-After', String(seconds));
        return sendPage(ctx, 429, renderRegistrationLimitPage(seconds));
      }
      throw error;
    }
    ctx.status = 303;
    ctx.set('Cache-Control', 'no-store');
    ctx.redirect(outcome.pagePath);
  }
}

function operations(a: AnswerComponents): Operation[] {
  return [
    {
      method: 'post',
      operationId: 'registerDomain',
      path: '/register',
      tags: ['registration'],
      summary: 'Register a domain: prove control, then confirm',
      description:
        'A JSON body answers 201 with the registration. A form post (the page GET /register) answers 303 to the registration page; refused input comes back as the form (400) with each problem beside its field, too many registrations as a page (429).',
      request: {
        body: { required: true, content: { 'application/json': { schema: RegisterInput }, 'application/x-www-form-urlencoded': { schema: RegisterInput } } },
      },
      responses: {
        201: enveloped('The pending registration and how to prove control.', a.RegistrationCreated),
        303: seeOther('A form post: to the registration page.'),
        ...errors([...BODY_ERRORS, 'RATE_LIMITED', ...STORE_ERRORS]),
      },
    },
    {
      method: 'get',
      operationId: 'getRegistrationForm',
      path: '/register',
      tags: ['registration'],
      summary: 'The registration form (works without script)',
      responses: { 200: textAnswer('The form, posting to POST /register.', HTML, cached('public, max-age=300')), ...errors(COMMON_ERRORS) },
    },
    {
      method: 'get',
      operationId: 'confirmRegistration',
      path: '/confirm/{token}',
      tags: ['registration'],
      summary: 'Confirm a registration (the link from the mail)',
      request: { params: z.object({ token: z.string().meta({ description: 'The token from the confirmation mail.' }) }) },
      responses: {
        200: textAnswer('The outcome, as a page; safe to open more than once.', HTML, NO_STORE),
        ...errors(['NOT_FOUND', ...STORE_ERRORS], { [HTML]: { schema: textBody } }),
      },
    },
  ];
}
