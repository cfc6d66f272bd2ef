import { verificationInstructions } from '../../domain/registration/registration.js';
import type { RegisterOutcome } from '../registration/register-domain.js';

/** The contract's answer to `POST /register` (201): the pending registration and how to prove control. */
export function registrationCreatedJson({ registration, mailSent }: RegisterOutcome): Record<string, unknown> {
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
  };
}
