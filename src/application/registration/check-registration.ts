import { inject, injectable } from 'inversify';
import { Clock } from '../ports/clock.js';
import { ProofRepository } from '../ports/proof-repository.js';
import { RegistrationRepository } from '../ports/registration-repository.js';
import { GetRegistration, type RegistrationPageOutcome } from './get-registration.js';
import { recordLooks } from './record-looks.js';
import { ProofChecker } from './proof-checker.js';

/** The shortest time between two checks of one registration from its page. */
export const CHECK_INTERVAL_SECONDS = 10;

/**
 * POST /registrations/{page token}/check ("Check now"): looks for the proof at once, as the
 * confirmation link does, records every look for audit, and says what it saw. It never verifies:
 * only the mailed confirmation link creates the entity. At most one check per registration every
 * CHECK_INTERVAL_SECONDS, decided by the store across instances; one asked sooner gets the last
 * check's recorded looks and the seconds to wait. A registration no longer pending is not checked.
 */
@injectable()
export class CheckRegistration {
  constructor(
    @inject(GetRegistration) private readonly pages: GetRegistration,
    @inject(RegistrationRepository) private readonly registrations: RegistrationRepository,
    @inject(ProofRepository) private readonly proofs: ProofRepository,
    @inject(ProofChecker) private readonly checker: ProofChecker,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async run(pageToken: string): Promise<RegistrationPageOutcome> {
    const page = await this.pages.run(pageToken);
    if (page.kind === 'unknown' || page.state !== 'pending') return page;
    const { registration } = page;
    const now = this.clock.now();
    const since = new Date(now.getTime() - CHECK_INTERVAL_SECONDS * 1000).toISOString();
    const claim = await this.registrations.claimCheck(registration.id, now.toISOString(), since);
    if (claim.kind === 'too_soon') {
      const waited = now.getTime() - Date.parse(claim.lastCheckAt);
      const left = Number.isFinite(waited) ? Math.ceil((CHECK_INTERVAL_SECONDS * 1000 - waited) / 1000) : CHECK_INTERVAL_SECONDS;
      const retryAfterSeconds = Math.min(CHECK_INTERVAL_SECONDS, Math.max(1, left));
      return { ...page, check: { kind: 'too_soon', retryAfterSeconds, lastLooks: await this.proofs.latestAttempts(registration.id) } };
    }
    const looks = await this.checker.check(registration.domain, registration.verificationCode);
    await recordLooks(this.proofs, registration, looks, now);
    return { ...page, check: { kind: 'checked', looks } };
  }
}
