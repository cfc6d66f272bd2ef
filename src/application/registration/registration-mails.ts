import type { MailMessage } from '../ports/mailer.js';
import { verificationInstructions, type Registration } from '../../domain/registration/registration.js';

/** The mail that tells the owner what to publish and where, and links the confirmation page and the registration page. */
export function confirmationMail(registration: Registration, confirmUrl: string, pageUrl: string): MailMessage {
  const steps = verificationInstructions(registration.domain, registration.verificationCode);
  return {
    to: registration.contactEmail,
    subject: `Confirm the verification of ${registration.domain} with Vetted`,
    text: [
      `Someone (hopefully you) asked Vetted to verify ${registration.domain} for "${registration.entityName}".`,
      '',
      'Publish ONE of these proofs of control:',
      '',
      `  DNS: a TXT record at ${steps.name} (or at ${registration.domain}) with the value`,
      `       ${steps.record}`,
      '       This covers the domain and all its subdomains.',
      '',
      `  Web: a file at https://${registration.domain}${steps.alternative.path} containing the line`,
      `       ${steps.alternative.content}`,
      '       This covers that host name only.',
      '',
      'Then open this link to have Vetted check the proof:',
      '',
      `  ${confirmUrl}`,
      '',
      'Your registration page shows the same proofs, ready to copy, and can check them before you',
      'open the link (it does not complete the registration; the link above does):',
      '',
      `  ${pageUrl}`,
      '',
      'Keep both links to yourself: whoever has them can follow your registration.',
      '',
      `The link works until ${registration.expiresAt}. Keep the proof in place: Vetted checks it again`,
      'regularly and revokes the verification when it disappears.',
      '',
      'If you did not ask for this, ignore this mail; nothing happens without the proof.',
    ].join('\n'),
  };
}

/** The mail sent when a verification is revoked because its proof is gone. */
export function revocationMail(to: string, domain: string, entityId: string): MailMessage {
  return {
    to,
    subject: `The Vetted verification of ${domain} was revoked`,
    text: [
      `The proof of control for ${domain} (entity ${entityId}) could not be found in three checks over`,
      'at least three days, so the verification was revoked. Register again to restore it.',
    ].join('\n'),
  };
}
