import { inject, injectable } from 'inversify';
import { parseDomainName } from '../../domain/domain-name.js';
import type { OwnershipCheck } from '../../domain/trust/ownership.js';
import { isRecentCheck } from '../../domain/trust/ownership-evidence.js';
import { AppError } from '../errors.js';
import { Clock } from '../ports/clock.js';
import { OwnershipEvidenceStore } from '../ports/ownership-evidence-store.js';
import { OwnershipLooks } from './ownership-looks.js';

/** The time one background ownership check may take (longer than an agent's request may wait). */
const OWNERSHIP_CHECK_DEADLINE_MS = 15_000;

/**
 * The `ownership.check` job: looks for evidence that the brand owning catalog domain `lookalikeOf`
 * owns `domain`, and stores the check. Idempotent: a check of that brand stored less than a day
 * ago is kept as it is.
 */
@injectable()
export class CheckBrandOwnership {
  constructor(
    @inject(OwnershipEvidenceStore) private readonly store: OwnershipEvidenceStore,
    @inject(OwnershipLooks) private readonly looks: OwnershipLooks,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  /**
   * Resolves with the stored check, or undefined when `domain` is not a domain name or `lookalikeOf`
   * not a catalog domain. Throws AppError SCAN_UNAVAILABLE when a look did not answer and no
   * evidence was found, unless `lastTry`: the queue tries again later, and the last try stores the
   * check as it is (without evidence, the unanswered looks named).
   */
  async run(domainInput: string, lookalikeOf: string, options: { readonly lastTry: boolean }): Promise<OwnershipCheck | undefined> {
    const parsed = parseDomainName(domainInput);
    const brand = this.looks.brandOf(lookalikeOf);
    if (!parsed.ok || !brand) return undefined;
    const now = this.clock.now();
    const stored = await this.store.get(parsed.name);
    if (isRecentCheck(stored, brand.main, now)) return stored;
    const { check, stored: kept } = await this.looks.look(parsed.name, brand, OWNERSHIP_CHECK_DEADLINE_MS, now, { storeIncomplete: options.lastTry });
    if (!kept)
      throw new AppError(
        'SCAN_UNAVAILABLE',
        `The ownership check of ${parsed.name} got no answer from ${check.unanswered.join(', ')}; it is tried again later.`,
        { unanswered: check.unanswered },
      );
    return check;
  }
}
