import { inject, injectable } from 'inversify';
import { createTransport, type Transporter } from 'nodemailer';
import { AppError } from '../../application/errors.js';
import type { MailMessage, Mailer } from '../../application/ports/mailer.js';
import { SmtpMailerOptions } from './smtp-mailer-options.js';

const DEFAULT_TIMEOUT_MS = 10_000;
const MAX_REASON_LENGTH = 300;

/** Sends mail through the SMTP server of SMTP_URL, over a small pool of connections. */
@injectable()
export class SmtpMailer implements Mailer {
  readonly route = 'smtp' as const;
  private readonly transport: Transporter;
  private readonly from: string;
  private readonly secrets: string[];

  constructor(@inject(SmtpMailerOptions) options: SmtpMailerOptions) {
    const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.from = options.from;
    this.secrets = credentialsOf(options.url);
    this.transport = createTransport({
      url: options.url,
      pool: true,
      maxConnections: 2,
      // A send waits for its answer inside a request: one retry on a dropped connection, not five.
      maxRequeues: 1,
      idleTimeout: 30_000,
      connectionTimeout: timeoutMs,
      greetingTimeout: timeoutMs,
      socketTimeout: timeoutMs,
      // Only strings are handed over; never let a field be read as a file path or URL.
      disableFileAccess: true,
      disableUrlAccess: true,
      logger: false,
    });
  }

  /** Rejects with AppError INTERNAL_ERROR (the SMTP error as `cause`) when the server did not accept the message. */
  async send(message: MailMessage): Promise<void> {
    try {
      await this.transport.sendMail({ from: this.from, to: message.to, subject: message.subject, text: message.text });
    } catch (cause) {
      throw new AppError('INTERNAL_ERROR', `the mail could not be sent: ${this.reason(cause)}`, {}, { cause });
    }
  }

  /** Closes the pooled connections; call once at shutdown. */
  close(): void {
    this.transport.close();
  }

  private reason(error: unknown): string {
    let text = (error instanceof Error ? error.message : String(error)).replace(/\s+/g, ' ').trim();
    const code = (error as { code?: unknown } | null)?.code;
    if (typeof code === 'string' && !text.includes(code)) text = `${text} (${code})`;
    // The SMTP errors do not carry the credentials, but a server's reply is not ours to trust.
    for (const secret of this.secrets) text = text.split(secret).join('***');
    return text.length > MAX_REASON_LENGTH ? `${text.slice(0, MAX_REASON_LENGTH)}…` : text || 'unknown error';
  }
}

/** The URL and its password in every spelling that could be echoed, longest first. */
function credentialsOf(url: string): string[] {
  const found = new Set<string>([url]);
  try {
    // The user name is not redacted: it is no secret, and a short one would mangle the reason.
    const password = new URL(url).password;
    if (password) {
      found.add(password);
      try {
        found.add(decodeURIComponent(password));
      } catch {
        // A malformed escape: the raw spelling is all there is.
      }
    }
  } catch {
    // Not a URL: nodemailer fails with its own error, and the whole string is redacted anyway.
  }
  return [...found].sort((a, b) => b.length - a.length);
}
