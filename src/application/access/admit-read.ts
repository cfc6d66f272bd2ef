import { inject, injectable } from 'inversify';
import { LRUCache } from 'lru-cache';
import { parseApiKey } from '../../domain/access/api-key.js';
import type { QuotaStanding, Tier } from '../../domain/access/tier.js';
import { AppError } from '../errors.js';
import { AppConfig } from '../ports/app-config.js';
import type { StoredApiKey } from '../ports/api-key-store.js';
import { Clock } from '../ports/clock.js';
import { Metrics, NO_METRICS } from '../ports/metrics.js';
import { TokenHasher } from '../ports/token-hasher.js';
import { ApiKeys } from './api-keys.js';
import { ReadQuotas } from './read-quotas.js';

/** Who is asking: a key holder, or an anonymous caller by client address. */
export interface Caller {
  readonly tier: Tier;
  /** What its requests are counted under: `key:<id>` or `addr:<address>`. */
  readonly subject: string;
  /** The key's id, for a key holder. */
  readonly keyId?: string;
}

/** What a request may do: who asks and, for a counted read, where it stands against its quota. */
export interface Admission {
  readonly caller: Caller;
  readonly standing?: QuotaStanding;
}

/** A request of several public reads (POST /verify, check_trust with a list): how many its quota let through. */
export interface ReadsAdmission extends Admission {
  /** How many of the reads were counted, from the first: the rest are refused with `refusal`. */
  readonly admitted: number;
  /** The RATE_LIMITED error of the reads beyond `admitted`, when there are any. */
  readonly refusal?: AppError;
}

/** What a driving adapter passes about a request. */
export interface Credentials {
  /** The Authorization header as sent, if any. */
  readonly authorization: string | undefined;
  /** The client's address (behind a trusted proxy, the one it names). */
  readonly clientAddress: string | undefined;
}

const BEARER = /^Bearer +([\x21-\x7e]+) *$/i;

/**
 * The request-rate tiers (API_TIERS=on): tells who a request comes from and, for a public read,
 * counts it against the caller's daily quota (ReadQuotas). A key is checked for its shape and
 * checksum before any lookup; a malformed, unknown or revoked key is UNAUTHORIZED (never the
 * anonymous tier), a used-up quota RATE_LIMITED with the seconds to the next UTC day. Answers at
 * once (no promise) when the key is cached or there is none: the hot path stays synchronous.
 */
@injectable()
export class AdmitRead {
  /**
   * Authorization headers whose key was checked, with the key as read then: while ApiKeys still
   * holds that very key (no change told since), the header is not checked again.
   */
  private readonly checked = new LRUCache<string, { key: StoredApiKey; caller: Caller }>({ max: 10_000 });

  constructor(
    @inject(AppConfig) private readonly config: AppConfig,
    @inject(ApiKeys) private readonly keys: ApiKeys,
    @inject(TokenHasher) private readonly hasher: TokenHasher,
    @inject(ReadQuotas) private readonly quotas: ReadQuotas,
    @inject(Clock) private readonly clock: Clock,
    @inject(Metrics) private readonly metrics: Metrics = NO_METRICS,
  ) {}

  /** True when API_TIERS is on: without it nothing is counted and no key is read. */
  get enabled(): boolean {
    return this.config.apiTiers !== undefined;
  }

  /** Who sent `credentials`; with `count`, the read is also counted against the caller's quota. */
  run(credentials: Credentials, count: boolean): Admission | Promise<Admission> {
    const authorization = credentials.authorization;
    if (authorization === undefined) return this.admit({ tier: 'free', subject: `addr:${credentials.clientAddress ?? 'unknown'}` }, count);
    // The same header as a request before, its key unchanged since: no parsing, checksum or hashing again.
    const known = this.checked.get(authorization);
    if (known && this.keys.isCurrent(known.key)) return this.admit(known.caller, count);
    const bearer = BEARER.exec(authorization);
    if (!bearer) throw unauthorized('malformed', 'Send an API key as "Authorization: Bearer vtk_…", or no Authorization header for the free tier.');
    const parsed = parseApiKey(bearer[1]!);
    if (!parsed.ok) {
      throw unauthorized(
        'malformed',
        parsed.reason === 'checksum'
          ? 'This API key has a typo: its checksum does not match. Copy it again as it was shown.'
          : 'This is not a Vetted API key: keys begin with "vtk_" and have 44 letters and digits after it.',
      );
    }
    const found = this.keys.find(parsed.id);
    if (found instanceof Promise) return found.then((key) => this.admitKey(key, authorization, parsed.key, count));
    return this.admitKey(found, authorization, parsed.key, count);
  }

  /**
   * Who sent `credentials`, with `reads` public reads counted one by one while the quota lasts: a
   * request of many names is answered for as many as the caller has left, the rest refused with
   * RATE_LIMITED each. Throws RATE_LIMITED only when not one could be counted (and UNAUTHORIZED as run does).
   */
  async runReads(credentials: Credentials, reads: number): Promise<ReadsAdmission> {
    const { caller } = await this.run(credentials, false);
    const quotas = this.config.apiTiers;
    if (quotas === undefined) return { caller, admitted: reads };
    const quota = quotas[caller.tier];
    const now = this.clock.now();
    let standing: QuotaStanding | undefined;
    let admitted = 0;
    while (admitted < reads) {
      const next = this.quotas.admit(caller.subject, caller.tier, quota, now);
      this.metrics.readCounted(caller.tier, !next.exhausted);
      if (next.exhausted) {
        const refusal = quotaUsedUp(caller, quota, next);
        if (admitted === 0) throw refusal;
        return { caller, ...(standing ? { standing } : {}), admitted, refusal };
      }
      standing = next;
      admitted++;
    }
    return { caller, ...(standing ? { standing } : {}), admitted };
  }

  private admitKey(key: StoredApiKey | undefined, authorization: string, presented: string, count: boolean): Admission {
    if (!key || key.keyHash !== this.hasher.hash(presented)) throw unauthorized('unknown', 'This API key is not known here.');
    if (key.revokedAt !== null) throw unauthorized('revoked', 'This API key was revoked; ask the operator for a new one.');
    const caller: Caller = { tier: key.tier, subject: keySubject(key.id), keyId: key.id };
    this.checked.set(authorization, { key, caller });
    return this.admit(caller, count);
  }

  private admit(caller: Caller, count: boolean): Admission {
    const quotas = this.config.apiTiers;
    if (!count || quotas === undefined) return { caller };
    const quota = quotas[caller.tier];
    const standing = this.quotas.admit(caller.subject, caller.tier, quota, this.clock.now());
    this.metrics.readCounted(caller.tier, !standing.exhausted);
    if (standing.exhausted) throw quotaUsedUp(caller, quota, standing);
    return { caller, standing };
  }
}

/** What a key holder's requests are counted under. */
export function keySubject(keyId: string): string {
  return `key:${keyId}`;
}

function quotaUsedUp(caller: Caller, quota: number | null, standing: QuotaStanding): AppError {
  return new AppError(
    'RATE_LIMITED',
    `The ${caller.tier} tier's daily quota of ${quota} public reads is used up; retry after ${standing.resetSeconds} seconds (the next UTC day).${caller.keyId ? '' : ' An API key (Authorization: Bearer vtk_…) of a higher tier has a larger quota.'}`,
    { retryAfterSeconds: standing.resetSeconds, limit: 'daily_quota', tier: caller.tier, quota },
  );
}

function unauthorized(reason: 'malformed' | 'unknown' | 'revoked', message: string): AppError {
  return new AppError('UNAUTHORIZED', message, { reason });
}
