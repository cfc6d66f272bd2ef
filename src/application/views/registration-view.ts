import { z } from 'zod';
import { verificationInstructions } from '../../domain/registration/registration.js';
import type { RegisterOutcome } from '../registration/register-domain.js';

/** The contract's answer to `POST /register` (201): the pending registration and how to prove control. */
export const registrationSchema = z.object({
  registration_id: z.string(),
  domain: z.string(),
  status: z.enum(['pending', 'verified']).describe('pending until the proof is confirmed.'),
  verification_instructions: z
    .object({
      method: z.literal('dns_txt'),
      name: z.string().describe('The TXT record to publish.'),
      record: z.string().describe('Its value.'),
      alternative: z.object({ method: z.literal('well_known'), path: z.string(), content: z.string() }).describe('Or this file on the web host (proves that host only).'),
    })
    .describe('How to prove control of the domain.'),
  expires_at: z.string().describe('When the registration can no longer be confirmed.'),
  confirmation: z.object({ mail_sent: z.boolean(), message: z.string() }),
  registration_page: z.string().describe('A page for the registrant alone (also mailed): the proofs ready to copy, the status, and a check of the proof before confirming. Keep it private.'),
});

export function registrationCreatedJson({ registration, mailSent, pageUrl }: RegisterOutcome): z.infer<typeof registrationSchema> {
  return {
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
    registration_page: pageUrl,
  };
}
