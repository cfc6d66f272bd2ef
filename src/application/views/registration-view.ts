import { z } from 'zod';
import { REGISTRATION_STATUSES, verificationInstructions } from '../../domain/registration/registration.js';
import type { MailOutcome, RegisterOutcome } from '../registration/register-domain.js';

/** The contract's answer to `POST /register` (201): the pending registration and how to prove control. */
export const registrationSchema = z.object({
  registration_id: z.string(),
  domain: z.string(),
  status: z.enum(REGISTRATION_STATUSES).describe('pending until the proof is confirmed.'),
  verification_instructions: z
    .object({
      method: z.literal('dns_txt'),
      name: z.string().describe('The TXT record to publish.'),
      record: z.string().describe('Its value.'),
      alternative: z
        .object({ method: z.literal('well_known'), path: z.string(), content: z.string() })
        .describe('Or this file on the web host (proves that host only).'),
    })
    .describe('How to prove control of the domain.'),
  expires_at: z.string().describe('When the registration can no longer be confirmed.'),
  confirmation: z
    .object({
      mail_sent: z.boolean().describe('True when the confirmation mail was handed to a mail server for the contact address.'),
      outbox: z
        .boolean()
        .describe('True when this deployment has no mail server: the mail was kept in its outbox, and only its operator can pass the link on.'),
      message: z.string().describe('What became of the mail, in a sentence.'),
    })
    .describe('What became of the confirmation mail. Both flags false: it could not be sent, and the registration is kept.'),
  registration_page: z
    .string()
    .describe(
      'A page for the registrant alone (also mailed): the proofs ready to copy, the status, and a check of the proof before confirming. Keep it private.',
    ),
});

export function registrationCreatedJson({ registration, mail, pageUrl }: RegisterOutcome): z.infer<typeof registrationSchema> {
  return {
    registration_id: registration.id,
    domain: registration.domain,
    status: registration.status,
    verification_instructions: verificationInstructions(registration.domain, registration.verificationCode),
    expires_at: registration.expiresAt,
    confirmation: { mail_sent: mail === 'sent', outbox: mail === 'outbox', message: MAIL_MESSAGE[mail](registration.contactEmail) },
    registration_page: pageUrl,
  };
}

const MAIL_MESSAGE: Readonly<Record<MailOutcome, (to: string) => string>> = {
  sent: (to) => `A confirmation link was sent to ${to}. Publish the proof, then open the link.`,
  outbox: (to) =>
    `No mail was sent: this deployment has no mail server, so the confirmation mail to ${to} was kept in its outbox. Ask its operator for the link; meanwhile publish the proof (see the registration page).`,
  failed: () => 'The confirmation mail could not be sent; the registration is kept. Try registering again later.',
};
