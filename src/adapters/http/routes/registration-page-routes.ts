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

/** The registrant's page, GET /registrations/{token}, and its "Check now", POST /registrations/{token}/check. */
@injectable()
export class RegistrationPageRoutes implements HttpRoutes {
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
