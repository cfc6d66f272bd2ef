/** One plain-text e-mail. */
export interface MailMessage {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
}

/**
 * Sends e-mail. Adapters: SmtpMailer (nodemailer, when SMTP_URL is set) and KnexOutboxMailer (the
 * default: the message goes to the log and the outbox table). Fake: RecordingMailer.
 * Rejects when the message could not be handed over; callers decide what that means.
 */
export interface Mailer {
  /**
   * Where a sent message goes: `smtp`, handed to a mail server for delivery; `outbox`, kept on this
   * deployment (log and table) and delivered to nobody until its operator passes it on.
   */
  readonly route: MailRoute;
  send(message: MailMessage): Promise<void>;
}

/** See {@link Mailer.route}. */
export type MailRoute = 'smtp' | 'outbox';
export const Mailer = Symbol('Mailer');
