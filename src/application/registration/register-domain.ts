import { inject, injectable } from 'inversify';
import { z } from 'zod';
import { coveringNames } from '../../domain/domain-name.js';
import { ENTITY_TYPES } from '../../domain/entity.js';
import { judgeRegistry } from '../../domain/registry-verdict.js';
import { REGISTRATION_TTL_DAYS, type Registration } from '../../domain/registration/registration.js';
import { requireDomainName } from '../input/domain-input.js';
import { AppError } from '../errors.js';
import { AppConfig } from '../ports/app-config.js';
import { Clock } from '../ports/clock.js';
import { Logger } from '../ports/logger.js';
import { Mailer } from '../ports/mailer.js';
import { RandomTokens } from '../ports/random-tokens.js';
import { RegistrationRepository } from '../ports/registration-repository.js';
import { RegistryReader } from '../ports/registry-reader.js';
import { TokenHasher } from '../ports/token-hasher.js';
import { zodMessage } from '../input/zod-message.js';
import { confirmationMail } from './registration-mails.js';

export const RegisterInput = z.strictObject({
  domain: z.string().max(1024),
  entity_name: z.string().trim().min(1).max(200),
  entity_type: z.enum(ENTITY_TYPES).default('organization'),
  contact_email: z.email().max(320),
  website: z
    .url({ protocol: /^https?$/ })
    .max(2048)
    .optional(),
});

/** Registrations one client address, or one contact address, may make in a rolling hour. */
const REGISTRATIONS_PER_HOUR = 5;

export interface RegisterOutcome {
  readonly registration: Registration;
  /** What became of the confirmation mail: handed to a mail server, kept in this deployment's outbox, or neither. */
  readonly mail: MailOutcome;
  /** The registration page, `/registrations/{page token}`: shown to the registrant and mailed, stored only as a hash. */
  readonly pagePath: string;
  /** The same page as an absolute URL under BASE_URL. */
  readonly pageUrl: string;
}

/** See {@link RegisterOutcome.mail}. */
export type MailOutcome = 'sent' | 'outbox' | 'failed';

/** POST /register (JSON or the form): a pending registration, its proof instructions, its page, and a confirmation mail. */
@injectable()
export class RegisterDomain {
  constructor(
    @inject(RegistrationRepository) private readonly registrations: RegistrationRepository,
    @inject(RegistryReader) private readonly registry: RegistryReader,
    @inject(Mailer) private readonly mailer: Mailer,
    @inject(RandomTokens) private readonly random: RandomTokens,
    @inject(TokenHasher) private readonly hasher: TokenHasher,
    @inject(Clock) private readonly clock: Clock,
    @inject(Logger) private readonly logger: Logger,
    @inject(AppConfig) private readonly config: AppConfig,
  ) {}

  async run(body: unknown, clientId: string): Promise<RegisterOutcome> {
    const parsed = RegisterInput.safeParse(body);
    // The issues travel as the cause, so that a form can put each message beside its field.
    if (!parsed.success) throw new AppError('VALIDATION_ERROR', zodMessage(parsed.error, body), {}, { cause: parsed.error });
    const input = parsed.data;
    const domain = requireDomainName(input.domain);
    const now = this.clock.now();
    const verdict = judgeRegistry(domain, await this.registry.findRecords(coveringNames(domain)), now);
    if (verdict.kind === 'verified') throw new AppError('VALIDATION_ERROR', `${domain} is already verified (entity ${verdict.entity.id}).`);
    if (verdict.kind === 'blocked') throw new AppError('VALIDATION_ERROR', `${domain} cannot be registered: it is blocked.`);

    const token = this.random.token(32);
    const registration: Registration = {
      id: `reg_${this.random.token(12)}`,
      domain,
      entityName: input.entity_name,
      entityType: input.entity_type,
      contactEmail: input.contact_email.toLowerCase(),
      website: input.website ?? null,
      clientId: clientId.slice(0, 64),
      status: 'pending',
      verificationCode: this.random.token(16),
      createdAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + REGISTRATION_TTL_DAYS * 86_400_000).toISOString(),
      verifiedAt: null,
      entityId: null,
      proofMethod: null,
    };
    const pageToken = this.random.token(32);
    const hashes = { confirmation: this.hasher.hash(token), page: this.hasher.hash(pageToken) };
    const since = new Date(now.getTime() - 3_600_000).toISOString();
    if (!(await this.registrations.createWithinLimit(registration, hashes, { max: REGISTRATIONS_PER_HOUR, since }))) {
      throw new AppError('RATE_LIMITED', 'Too many registrations in the last hour from this address or for this contact; retry after 3600 seconds.', {
        retryAfterSeconds: 3600,
      });
    }
    const pagePath = `/registrations/${pageToken}`;
    const pageUrl = `${this.config.baseUrl}${pagePath}`;
    let mail: MailOutcome = this.mailer.route === 'smtp' ? 'sent' : 'outbox';
    try {
      await this.mailer.send(confirmationMail(registration, `${this.config.baseUrl}/confirm/${token}`, pageUrl));
    } catch (error) {
      mail = 'failed';
      this.logger.warn({ registrationId: registration.id, err: (error as Error).message }, 'confirmation mail not sent');
    }
    return { registration, mail, pagePath, pageUrl };
  }
}
