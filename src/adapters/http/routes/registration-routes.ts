import type { Router } from '@koa/router';
import type { RegisterDomain } from '../../../application/registration/register-domain.js';
import type { ConfirmRegistration } from '../../../application/registration/confirm-registration.js';
import { verificationInstructions } from '../../../domain/registration/registration.js';
import { sendData } from '../envelope.js';
import { renderConfirmPage } from '../presenters/confirm-pages.js';
import { REPORT_PAGE_CSP } from '../presenters/report-html.js';
import { readJsonBody } from '../read-body.js';

export interface RegistrationRouteDeps {
  readonly registerDomain: RegisterDomain;
  readonly confirmRegistration: ConfirmRegistration;
}

/** POST /register and GET /confirm/{token}. */
export function registerRegistrationRoutes(router: Router, deps: RegistrationRouteDeps): void {
  router.post('/register', async (ctx) => {
    const { registration, mailSent } = await deps.registerDomain.run(await readJsonBody(ctx), ctx.ip);
    sendData(
      ctx,
      {
        registration_id: registration.id,
        domain: registration.domain,
        status: registration.status,
        verification_instructions: verificationInstructions(registration.domain, registration.verificationCode),
        expires_at: registration.expiresAt,
        confirmation: {
          mail_sent: mailSent,
          message: mailSent
            ? `A confirmation link was sent to ${registration.contactEmail}. Publish the proof, then open the link.`
            : 'The confirmation mail could not be sent; the registration is kept. Try registering again later.',
        },
      },
      { status: 201 },
    );
  });

  router.get('/confirm/:token', async (ctx) => {
    const { status, html } = renderConfirmPage(await deps.confirmRegistration.run(ctx.params.token ?? ''));
    ctx.status = status;
    ctx.type = 'text/html; charset=utf-8';
    ctx.set('Cache-Control', 'no-store');
    ctx.set('Content-Security-Policy', REPORT_PAGE_CSP);
    ctx.body = html;
  });
}
