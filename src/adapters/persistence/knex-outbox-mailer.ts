import { inject, injectable } from 'inversify';
import type { Knex } from 'knex';
import { Clock } from '../../application/ports/clock.js';
import { Logger } from '../../application/ports/logger.js';
import type { MailMessage, Mailer } from '../../application/ports/mailer.js';
import { Database } from './create-knex.js';

/** A mail kept in the outbox, with the instant (ISO 8601 UTC) it was handed over. */
export interface OutboxMail extends MailMessage {
  readonly createdAt: string;
}

/**
 * The mailer when no SMTP_URL is set: nothing leaves the machine. Each message is stored in the
 * `mail_outbox` table and logged at info level with its whole text, which is how an operator gets
 * a confirmation link without a mail server.
 */
@injectable()
export class KnexOutboxMailer implements Mailer {
  readonly route = 'outbox' as const;

  constructor(
    @inject(Database) private readonly db: Knex,
    @inject(Logger) private readonly logger: Logger,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  /** Rejects (with the database error) only when the message could not be stored. */
  async send(message: MailMessage): Promise<void> {
    const { to, subject, text } = message;
    await this.db('mail_outbox').insert({ to, subject, text, created_at: this.clock.now().toISOString() });
    this.logger.info({ mail: { to, subject, text } }, 'mail (outbox)');
  }

  /** Every stored mail, oldest first (newest last). */
  async list(): Promise<OutboxMail[]> {
    const rows: Array<{ to: string; subject: string; text: string; created_at: string }> = await this.db('mail_outbox')
      .select('to', 'subject', 'text', 'created_at')
      .orderBy('id');
    return rows.map((r) => ({ to: r.to, subject: r.subject, text: r.text, createdAt: r.created_at }));
  }
}
