import { inject, injectable } from 'inversify';
import { LRUCache } from 'lru-cache';
import type { DomainName } from '../../domain/domain-name.js';
import type { OwnershipLook } from '../../domain/trust/ownership.js';
import { isRecentCheck, withOwnership } from '../../domain/trust/ownership-evidence.js';
import type { BrandFinding } from '../../domain/trust/trust-inputs.js';
import { JobQueue } from '../ports/job-queue.js';
import { Logger } from '../ports/logger.js';
import { OwnershipEvidenceStore } from '../ports/ownership-evidence-store.js';
import { FirstObservations } from './first-observations.js';
import { OWNERSHIP_CACHE_SECONDS, OwnershipCache, type OwnershipRead } from './ownership-cache.js';
import { OwnershipLooks } from './ownership-looks.js';

/** A name this process queued a check for is not queued again by it for this long (the queue keeps one per name anyway). */
const QUEUED_MEMO_SECONDS = 300;
const QUEUED_MEMO_ENTRIES = 10_000;
/** Tries of an `ownership.check` job after the first; the last stores what it saw. */
export const OWNERSHIP_JOB_RETRIES = 2;
/** How long an `ownership.check` job may run before its try counts as failed. */
const OWNERSHIP_JOB_LEASE_SECONDS = 120;

export interface OwnedFinding {
  /** The brand finding with what is known of the name's ownership (see withOwnership). */
  readonly finding: BrandFinding;
  /** What was read of the name's ownership, for isCurrent; undefined for a name that resembles no brand. */
  readonly read: OwnershipRead | undefined;
}

/**
 * The ownership part of AssessTrust: for a name that resembles a brand outside the catalog, the
 * stored evidence of who owns it. Reading never looks: without `external` it answers from the
 * stored check (through OwnershipCache) and, when none is stored from the last day, queues one
 * `ownership.check` job for the name (one per name across instances). With `external` a missing or
 * day-old check is made now, within the deadline, and stored.
 */
@injectable()
export class BrandOwnership {
  private readonly queued = new LRUCache<string, number>({ max: QUEUED_MEMO_ENTRIES });

  constructor(
    @inject(OwnershipEvidenceStore) private readonly store: OwnershipEvidenceStore,
    @inject(OwnershipCache) private readonly cache: OwnershipCache,
    @inject(OwnershipLooks) private readonly looks: OwnershipLooks,
    @inject(JobQueue) private readonly jobs: JobQueue,
    @inject(Logger) private readonly logger: Logger,
    @inject(FirstObservations) private readonly budget: FirstObservations,
  ) {}

  /** `finding` of `domain` with its ownership at `now`; `external` makes a due check now, within its deadline. */
  async apply(domain: DomainName, finding: BrandFinding, now: Date, external?: { readonly deadlineMs: number }): Promise<OwnedFinding> {
    if (finding.knownBrand || finding.lookalikeOf === null) return { finding, read: undefined };
    const brand = this.looks.brandOf(finding.lookalikeOf);
    if (!brand) return { finding, read: undefined };
    const { value: read } = await this.cache.readThrough(
      domain,
      async () => ({ check: await this.store.get(domain) }),
      () => OWNERSHIP_CACHE_SECONDS,
    );
    let check = read.check;
    let unanswered: readonly OwnershipLook[] = [];
    if (!isRecentCheck(check, brand.main, now)) {
      const looked = external ? await this.looks.look(domain, brand, external.deadlineMs, now, { storeIncomplete: false }) : undefined;
      if (looked?.stored) check = looked.check;
      else {
        unanswered = looked?.check.unanswered ?? [];
        await this.queue(domain, finding.lookalikeOf, now);
      }
    }
    return { finding: withOwnership(finding, brand.main, check, now, unanswered), read };
  }

  /** True while `read` is what this process still holds of `domain`'s ownership (none written since). */
  isCurrent(domain: DomainName, read: OwnershipRead | undefined): boolean {
    return read === undefined || this.cache.get(domain) === read;
  }

  private async queue(domain: DomainName, lookalikeOf: string, now: Date): Promise<void> {
    const last = this.queued.get(domain);
    if (last !== undefined && now.getTime() - last < QUEUED_MEMO_SECONDS * 1000) return;
    this.queued.set(domain, now.getTime());
    if (!(await this.budget.admitOwnershipCheck(domain, now))) return;
    try {
      await this.jobs.enqueue(
        'ownership.check',
        { domain, lookalikeOf },
        { singletonKey: domain, retryLimit: OWNERSHIP_JOB_RETRIES, leaseSeconds: OWNERSHIP_JOB_LEASE_SECONDS },
      );
    } catch (error) {
      // The answer does not depend on the queue: a later read asks again.
      this.queued.delete(domain);
      await this.budget.releaseOwnershipCheck(domain);
      this.logger.warn({ domain, error: (error as Error).message }, 'could not queue an ownership check');
    }
  }
}
