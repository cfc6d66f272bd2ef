import { inject, injectable } from 'inversify';
import { isRegistrationExpired, type Registration } from '../../domain/registration/registration.js';
import { Clock } from '../ports/clock.js';
import { Mailer, type MailRoute } from '../ports/mailer.js';
import type { VerificationAttempt } from '../ports/proof-repository.js';
import { RegistrationRepository } from '../ports/registration-repository.js';
import { TokenHasher } from '../ports/token-hasher.js';
import type { ProofLook } from './proof-checker.js';

/** Where a registration stands, as its page says it. */
export type RegistrationState = 'pending' | 'verified' | 'expired';

/** What a "Check now" did: looked (with what it saw), or refused because the last check is too recent. */
export type PageCheck =
  | { readonly kind: 'checked'; readonly looks: readonly ProofLook[] }
  | { readonly kind: 'too_soon'; readonly retryAfterSeconds: number; readonly lastLooks: readonly VerificationAttempt[] };

export type RegistrationPageOutcome =
  | { readonly kind: 'unknown' }
  | {
      readonly kind: 'found';
      readonly registration: Registration;
      readonly state: RegistrationState;
      /** Where this deployment's mail goes, so that the page says whether a mail was sent at all. */
      readonly mailRoute: MailRoute;
      readonly check?: PageCheck;
    };

/** What a registration's secrets (confirmation and page tokens) look like: anything else is unknown without a look-up. */
export const TOKEN_SHAPE = /^[A-Za-z0-9_-]{20,100}$/;

/**
 * GET /registrations/{page token}: the registration whose page token this is, and where it stands.
 * Reads only; the token is looked up by its hash.
 */
@injectable()
export class GetRegistration {
  constructor(
    @inject(RegistrationRepository) private readonly registrations: RegistrationRepository,
    @inject(TokenHasher) private readonly hasher: TokenHasher,
    @inject(Clock) private readonly clock: Clock,
    @inject(Mailer) private readonly mailer: Mailer,
  ) {}

  async run(pageToken: string): Promise<RegistrationPageOutcome> {
    if (!TOKEN_SHAPE.test(pageToken)) return { kind: 'unknown' };
    const registration = await this.registrations.findByPageTokenHash(this.hasher.hash(pageToken));
    if (!registration) return { kind: 'unknown' };
    const state: RegistrationState =
      registration.status === 'verified' ? 'verified' : isRegistrationExpired(registration, this.clock.now()) ? 'expired' : 'pending';
    return { kind: 'found', registration, state, mailRoute: this.mailer.route };
  }
}
