import type { Router } from '@koa/router';
import { inject, injectable } from 'inversify';
import type { Context } from 'koa';
import { CheckRegistration } from '../../../application/registration/check-registration.js';
import { GetRegistration, type RegistrationPageOutcome } from '../../../application/registration/get-registration.js';
import { registrationPageView } from '../../../application/views/registration-page-view.js';
import type { HttpRoutes } from '../../shared/http-routes.js';
import { renderRegistrationPage, renderUnknownRegistrationPage } from '../presenters/registration-page.js';
import { sendPage } from '../send-page.js';
import { htmlError } from './scan-routes.js';
import { z } from 'zod';
import type { HttpOperations, Operation } from '../openapi/http-operations.js';
import { errors, HTML, NO_STORE, STORE_ERRORS, textAnswer, textBody } from '../openapi/responses.js';

/** The registrant's page, GET /registrations/{token}, and its "Check now", POST /registrations/{token}/check. */
@injectable()
export class RegistrationPageRoutes implements HttpRoutes {
  /** The OpenAPI operations of these routes. */
  static readonly operations: HttpOperations = operations;

  constructor(
    @inject(GetRegistration) private readonly getRegistration: GetRegistration,
    @inject(CheckRegistration) private readonly checkRegistration: CheckRegistration,
  ) {}

  mount(router: Router): void {
    router.get('/registrations/:token', async (ctx) => {
      ctx.state.renderError = htmlError;
      const token = ctx.params.token ?? '';
      send(ctx, token, await this.getRegistration.run(token));
    });

    router.post('/registrations/:token/check', async (ctx) => {
      ctx.state.renderError = htmlError;
      const token = ctx.params.token ?? '';
      send(ctx, token, await this.checkRegistration.run(token));
    });
  }
}

function send(ctx: Context, token: string, outcome: RegistrationPageOutcome): void {
  if (outcome.kind === 'unknown') return sendPage(ctx, 404, renderUnknownRegistrationPage());
  const tooSoon = outcome.check?.kind === 'too_soon' ? outcome.check.retryAfterSeconds : undefined;
  if (tooSoon !== undefined) ctx.set('Retry-After', String(tooSoon));
  const html = renderRegistrationPage(
    registrationPageView(outcome.registration, outcome.state, outcome.mailRoute, outcome.check),
    `/registrations/${encodeURIComponent(token)}/check`,
  );
  sendPage(ctx, tooSoon !== undefined ? 429 : 200, html);
}

function operations(): Operation[] {
  const token = z.object({
    token: z.string().meta({ description: 'The token of the registration page (from the redirect after the form, the mail, or registration_page).' }),
  });
  const ownPageErrors = { [HTML]: { schema: textBody } };
  return [
    {
      method: 'get',
      operationId: 'getRegistrationPage',
      path: '/registrations/{token}',
      tags: ['registration'],
      summary: "The registrant's page: status and the proofs to publish",
      request: { params: token },
      responses: { 200: textAnswer('The page (noindex).', HTML, NO_STORE), ...errors(['NOT_FOUND', ...STORE_ERRORS], ownPageErrors) },
    },
    {
      method: 'post',
      operationId: 'checkRegistrationNow',
      path: '/registrations/{token}/check',
      tags: ['registration'],
      summary: 'Check now: look for the proof at once (never confirms)',
      description:
        "Looks for the proof like the confirmation link, records the attempts, and shows what was found (TXT values, the file's status and first line). At most one check per registration every 10 seconds across instances: sooner, 429 with Retry-After and the last result. Only GET /confirm/{token} completes a registration.",
      request: { params: token },
      responses: {
        200: textAnswer('The page with what the check found.', HTML, NO_STORE),
        ...errors(['NOT_FOUND', 'RATE_LIMITED', ...STORE_ERRORS], ownPageErrors),
      },
    },
  ];
}
