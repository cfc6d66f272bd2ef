import type { Router } from '@koa/router';
import { inject, injectable } from 'inversify';
import { ConfirmRegistration } from '../../../application/registration/confirm-registration.js';
import { RegisterDomain } from '../../../application/registration/register-domain.js';
import { registrationCreatedJson } from '../../../application/views/registration-view.js';
import type { HttpRoutes } from '../../shared/http-routes.js';
import { sendData } from '../envelope.js';
import { renderConfirmPage } from '../presenters/confirm-pages.js';
import { REPORT_PAGE_CSP } from '../presenters/report-html.js';
import { readJsonBody } from '../read-body.js';

/** POST /register and GET /confirm/{token}. */
@injectable()
export class RegistrationRoutes implements HttpRoutes {
  constructor(
    @inject(RegisterDomain) private readonly registerDomain: RegisterDomain,
    @inject(ConfirmRegistration) private readonly confirmRegistration: ConfirmRegistration,
  ) {}

  mount(router: Router): void {
    router.post('/register', async (ctx) => {
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
}
