import { inject, injectable } from 'inversify';
import { LRUCache } from 'lru-cache';
import { registrableDomain, type DomainName } from '../../domain/domain-name.js';
import type { FirstLook } from '../../domain/trust/evidence.js';
import { AppConfig } from '../ports/app-config.js';
import { JobQueue, type JobData } from '../ports/job-queue.js';
import { Logger } from '../ports/logger.js';
import { ObservationClaims } from '../ports/observation-claims.js';

/** A registrable domain gets one first look a day, whichever instance is asked. */
const FIRST_LOOK_CLAIM_SECONDS = 86_400;
/** The deadline of one first look (TLS handshake, RDAP, DNS), all at once. */
export const FIRST_LOOK_DEADLINE_MS = 8000;
/** How long after its claim a first look should have stored its result: the deadline, the queue's pickup (2 s polling) and a margin. */
export const FIRST_LOOK_SECONDS = Math.ceil(FIRST_LOOK_DEADLINE_MS / 1000) + 4;
/** A claim older than this that stored nothing is no longer told as pending: the look failed to run. */
const PENDING_SECONDS = 120;
/** New members looked at as soon as they are added, per write (a large import leaves the rest to the sweep). */
const MEMBER_LOOKS_AT_ONCE = 1000;
/** Registrable domains whose claim this process remembers, sparing a write per ask (bounded; a claim is the database's). */
const CLAIM_MEMO_ENTRIES = 50_000;

/**
 * The first look at a name nobody observed, queued by a signals=true read (AssessTrust) when some
 * observation is missing or too old: one `observations.first` job per registrable domain per day
 * across instances (ObservationClaims), at most OBSERVE_LIMIT_PER_MINUTE a minute in all. The read
 * never waits for the look; it is told where the look stands (FirstLook) to say so in its answer.
 * A name asked past the minute's budget costs no write: this process remembers the spent minute,
 * and claims at most a sixtieth of the budget in any one second.
 */
@injectable()
export class FirstObservations {
  private readonly claimed = new LRUCache<string, number>({ max: CLAIM_MEMO_ENTRIES });
  private spentMinute: string | undefined;
  // This process's share of the budget, spread over the minute: a burst of new names costs a few
  // claim writes a second, not the whole minute's budget at once in front of every read.
  private second = -1;
  private claimsThisSecond = 0;
  // One claim in flight at a time: a claim is a write transaction, and SQLite's writer lock must
  // never hold several of the pool's connections away from the reads.
  private claiming = false;

  constructor(
    @inject(ObservationClaims) private readonly claims: ObservationClaims,
    @inject(JobQueue) private readonly jobs: JobQueue,
    @inject(AppConfig) private readonly config: Pick<AppConfig, 'observeLimitPerMinute' | 'refreshObservations'>,
    @inject(Logger) private readonly logger: Logger,
  ) {}

  /** Where the first look at `domain` stands at `now`, claiming and queuing one when none was made today. */
  async request(domain: DomainName, now: Date): Promise<FirstLook> {
    if (this.config.observeLimitPerMinute === 0 || !this.config.refreshObservations) return { kind: 'off' };
    const zone = registrableDomain(domain);
    const known = this.claimed.get(zone);
    if (known !== undefined && now.getTime() - known < FIRST_LOOK_CLAIM_SECONDS * 1000) return sinceClaim(known, now);
    const minute = now.toISOString().slice(0, 16);
    if (this.spentMinute === minute) return waiting(now);
    if (this.claiming || !this.takeSecondShare(now)) return { kind: 'waiting', retryAfterSeconds: 1 };
    let claim;
    this.claiming = true;
    try {
      claim = await this.claims.claim(zone, now, { perMinute: this.config.observeLimitPerMinute, claimSeconds: FIRST_LOOK_CLAIM_SECONDS });
    } catch (error) {
      // The answer does not depend on the claim: a later read asks again.
      this.logger.warn({ domain, error: (error as Error).message }, 'could not claim a first look');
      return { kind: 'off' };
    } finally {
      this.claiming = false;
    }
    if (claim.outcome === 'budget') {
      this.spentMinute = minute;
      return waiting(now);
    }
    const at = Date.parse(claim.claimedAt);
    this.claimed.set(zone, at);
    if (claim.outcome === 'claimed' && !(await this.queue('observations.first', { domain }, zone, zone))) {
      this.claimed.delete(zone);
      return { kind: 'off' };
    }
    return sinceClaim(at, now);
  }

  /**
   * Queues the first look at a new member's domain (a confirmed registration, `vetted entity add` or
   * `import`), outside the budget: an operator's write, not an anonymous read. One job per
   * registrable domain while one is waiting; a refused enqueue is logged and left to the first read.
   * A large import queues its first MEMBER_LOOKS_AT_ONCE; the rest wait for the background sweep or
   * their first read.
   */
  async observeMembers(domains: readonly DomainName[]): Promise<void> {
    if (!this.config.refreshObservations) return;
    for (const domain of [...new Set(domains)].slice(0, MEMBER_LOOKS_AT_ONCE)) {
      try {
        await this.jobs.enqueue('observations.first', { domain }, { singletonKey: registrableDomain(domain), retryLimit: 1, leaseSeconds: 60 });
      } catch (error) {
        this.logger.warn({ domain, error: (error as Error).message }, 'could not queue the first look at a new member');
      }
    }
  }

  /**
   * Whether an ownership check of `domain` (BrandOwnership) may be queued at `now`: one a day per
   * name, under the same per-minute budget as first looks, since its looks (TLS, RDAP, DNS) are the
   * same kind of outbound work. False when off, claimed today or past the budget.
   */
  async admitOwnershipCheck(domain: DomainName, now: Date): Promise<boolean> {
    return this.admit(`ownership:${domain}`, domain, now);
  }

  /** Gives up an admitted ownership check of `domain` that could not be queued. */
  async releaseOwnershipCheck(domain: DomainName): Promise<void> {
    await this.claims.release(`ownership:${domain}`).catch(() => undefined);
  }

  private async admit(key: string, domain: DomainName, now: Date): Promise<boolean> {
    if (this.config.observeLimitPerMinute === 0 || !this.config.refreshObservations) return false;
    const minute = now.toISOString().slice(0, 16);
    if (this.spentMinute === minute || this.claiming || !this.takeSecondShare(now)) return false;
    this.claiming = true;
    try {
      const claim = await this.claims.claim(key, now, { perMinute: this.config.observeLimitPerMinute, claimSeconds: FIRST_LOOK_CLAIM_SECONDS });
      if (claim.outcome === 'budget') this.spentMinute = minute;
      return claim.outcome === 'claimed';
    } catch (error) {
      this.logger.warn({ domain, error: (error as Error).message }, 'could not claim an ownership check');
      return false;
    } finally {
      this.claiming = false;
    }
  }

  /** Whether this second still has room for a claim: a sixtieth of the minute's budget, at least one. */
  private takeSecondShare(now: Date): boolean {
    const second = Math.floor(now.getTime() / 1000);
    if (second !== this.second) {
      this.second = second;
      this.claimsThisSecond = 0;
    }
    if (this.claimsThisSecond >= Math.max(1, Math.ceil(this.config.observeLimitPerMinute / 60))) return false;
    this.claimsThisSecond += 1;
    return true;
  }

  /** Queues the job of a claim; when the queue refuses it, gives the claim up so that a later ask tries again. */
  private async queue<K extends 'observations.first'>(kind: K, data: JobData[K], singletonKey: string, claimKey: string): Promise<boolean> {
    try {
      await this.jobs.enqueue(kind, data, { singletonKey, retryLimit: 1, leaseSeconds: 60 });
      return true;
    } catch (error) {
      this.logger.warn({ claimKey, error: (error as Error).message }, 'could not queue a first look');
      await this.claims.release(claimKey).catch(() => undefined);
      return false;
    }
  }
}

function sinceClaim(claimedAtMs: number, now: Date): FirstLook {
  const elapsed = now.getTime() - claimedAtMs;
  if (elapsed >= PENDING_SECONDS * 1000) return { kind: 'off' };
  return { kind: 'queued', retryAfterSeconds: Math.max(1, Math.ceil((claimedAtMs + FIRST_LOOK_SECONDS * 1000 - now.getTime()) / 1000)) };
}

// Past the budget nothing is written, so nothing queues the look later: the next read does, once
// the minute (or this process's second) has room again, and the answer is kept no longer than that.
function waiting(now: Date): FirstLook {
  return { kind: 'waiting', retryAfterSeconds: 60 - now.getUTCSeconds() };
}
