import { AppError } from '../../src/application/errors.js';
import type { MailMessage, MailRoute, Mailer } from '../../src/application/ports/mailer.js';

/**
 * A mailer that keeps what it was given in `sent`; set `failNext` to make the next send reject (once),
 * and `route` to play a deployment with or without a mail server.
 */
export class RecordingMailer implements Mailer {
  readonly sent: MailMessage[] = [];
  failNext = false;
  route: MailRoute = 'smtp';

  async send(message: MailMessage): Promise<void> {
    if (this.failNext) {
      this.failNext = false;
      throw new AppError('INTERNAL_ERROR', 'the mail could not be sent: failNext was set');
    }
    this.sent.push({ ...message });
  }
}
