/** Settings of SmtpMailer; the composition root binds them when SMTP_URL is set. */
export interface SmtpMailerOptions {
  /**
   * SMTP_URL: `smtp://user:pass@host:587` (STARTTLS when the server offers it) or
   * `smtps://user:pass@host:465`. A secret: it carries the password.
   */
  readonly url: string;
  /** MAIL_FROM: the sender of every mail, e.g. `Vetted <no-reply@vetted.example>`. */
  readonly from: string;
  /** Limit for connecting, for the server's greeting and for each silence on the socket; 10000 when not set. */
  readonly timeoutMs?: number;
}
export const SmtpMailerOptions = Symbol('SmtpMailerOptions');
