import type { RouteConfig } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import { RegisterInput } from '../../../application/registration/register-domain.js';
import type { AnswerComponents } from './answer-schemas.js';
import { BODY_ERRORS, cached, COMMON_ERRORS, enveloped, errors, HTML, NO_STORE, seeOther, STORE_ERRORS, textAnswer, textBody } from './responses.js';

const token = (description: string) => z.object({ token: z.string().meta({ description }) });
const PAGE_TOKEN = 'The token of the registration page (from the redirect after the form, the mail, or registration_page).';
const ownPageErrors = { [HTML]: { schema: textBody } };

/** The registration routes of the OpenAPI document: the API, the form, the registrant's page and the confirmation link. */
export function registrationRoutes(a: Pick<AnswerComponents, 'RegistrationCreated'>): RouteConfig[] {
  return [
    {
      method: 'post',
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
      path: '/register',
      tags: ['registration'],
      summary: 'The registration form (works without script)',
      responses: { 200: textAnswer('The form, posting to POST /register.', HTML, cached('public, max-age=300')), ...errors(COMMON_ERRORS) },
    },
    {
      method: 'get',
      path: '/registrations/{token}',
      tags: ['registration'],
      summary: "The registrant's page: status and the proofs to publish",
      request: { params: token(PAGE_TOKEN) },
      responses: { 200: textAnswer('The page (noindex).', HTML, NO_STORE), ...errors(['NOT_FOUND', ...STORE_ERRORS], ownPageErrors) },
    },
    {
      method: 'post',
      path: '/registrations/{token}/check',
      tags: ['registration'],
      summary: 'Check now: look for the proof at once (never confirms)',
      description:
        "Looks for the proof like the confirmation link, records the attempts, and shows what was found (TXT values, the file's status and first line). At most one check per registration every 10 seconds across instances: sooner, 429 with Retry-After and the last result. Only GET /confirm/{token} completes a registration.",
      request: { params: token(PAGE_TOKEN) },
      responses: {
        200: textAnswer('The page with what the check found.', HTML, NO_STORE),
        ...errors(['NOT_FOUND', 'RATE_LIMITED', ...STORE_ERRORS], ownPageErrors),
      },
    },
    {
      method: 'get',
      path: '/confirm/{token}',
      tags: ['registration'],
      summary: 'Confirm a registration (the link from the mail)',
      request: { params: token('The token from the confirmation mail.') },
      responses: {
        200: textAnswer('The outcome, as a page; safe to open more than once.', HTML, NO_STORE),
        ...errors(['NOT_FOUND', ...STORE_ERRORS], ownPageErrors),
      },
    },
  ];
}
