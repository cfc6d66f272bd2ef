import type { IncomingMessage } from 'node:http';
import { inject, injectable } from 'inversify';
import { AdmitRead, type Admission, type ReadsAdmission } from '../../application/access/admit-read.js';
import { AppConfig } from '../../application/ports/app-config.js';
import type { QuotaStanding } from '../../domain/access/tier.js';
import { clientIpOf } from './request-stamp.js';

const QUOTA_WINDOW = 86_400;

/**
 * The request-rate tiers at the HTTP door (API_TIERS=on): which requests are public reads counted
 * against a quota (GET and HEAD of /verify/…, /lookup and /lookup/…, /reports and /reports/…), and who sends
 * the others that need it (POST /api/scan, whose budgets go per key for key holders). The server
 * asks it before a direct answer and Koa's middleware before a route, once per request.
 */
@injectable()
export class ReadGate {
  /** Requests admitted before Koa saw them (a direct answer that handed over to the route after all). */
  private readonly admitted = new WeakMap<IncomingMessage, Admission>();

  constructor(
    @inject(AdmitRead) private readonly admitRead: AdmitRead,
    @inject(AppConfig) private readonly config: AppConfig,
  ) {}

  /** True when API_TIERS is on. */
  get enabled(): boolean {
    return this.admitRead.enabled;
  }

  /** True for a public read counted against the caller's quota; `target` is the path, with or without its query. */
  counts(method: string, target: string): boolean {
    if (method !== 'GET' && method !== 'HEAD') return false;
    const query = target.indexOf('?');
    const lower = (query === -1 ? target : target.slice(0, query)).toLowerCase();
    return lower.startsWith('/verify/') || lower === '/lookup' || lower.startsWith('/lookup/') || lower === '/reports' || lower.startsWith('/reports/');
  }

  /** True for a request whose caller must be known though it is not counted (a scan's budget). */
  identifies(method: string, path: string): boolean {
    return method === 'POST' && path.toLowerCase().replace(/\/+$/, '') === '/api/scan';
  }

  /** Admits (and counts, when `count`) the request, unless it was admitted before Koa saw it. Throws UNAUTHORIZED or RATE_LIMITED. */
  admit(req: IncomingMessage, count: boolean): Admission | Promise<Admission> {
    return (
      this.admitted.get(req) ?? this.admitRead.run({ authorization: req.headers.authorization, clientAddress: clientIpOf(req, this.config.trustProxy) }, count)
    );
  }

  /** Admits a request of `reads` public reads (POST /verify), counting each while the caller's quota lasts. */
  admitReads(req: IncomingMessage, reads: number): Promise<ReadsAdmission> {
    return this.admitRead.runReads({ authorization: req.headers.authorization, clientAddress: clientIpOf(req, this.config.trustProxy) }, reads);
  }

  /** Remembers that `req`, admitted before a direct answer, goes to Koa after all: it is not counted twice. */
  handOver(req: IncomingMessage, admission: Admission): void {
    this.admitted.set(req, admission);
  }
}

/**
 * RateLimit-Policy and RateLimit (draft-ietf-httpapi-ratelimit-headers, structured fields): the
 * policy named after the tier, its quota `q` per window `w` (a UTC day); the remaining `r` and the
 * seconds `t` until the window starts again. None for an unlimited tier: there is no limit to tell.
 */
export function rateLimitHeaders(standing: Pick<QuotaStanding, 'tier' | 'quota' | 'remaining' | 'resetSeconds'>): Array<readonly [string, string]> {
  if (standing.quota === null || standing.remaining === null) return [];
  let policy = POLICIES.get(standing.tier);
  if (policy?.quota !== standing.quota)
    POLICIES.set(standing.tier, (policy = { quota: standing.quota, field: `"${standing.tier}";q=${standing.quota};w=${QUOTA_WINDOW}` }));
  return [
    ['RateLimit-Policy', policy.field],
    ['RateLimit', `"${standing.tier}";r=${standing.remaining};t=${standing.resetSeconds}`],
  ];
}

// The policy field of each tier, written once per quota rather than per answer.
const POLICIES = new Map<string, { quota: number; field: string }>();

/** The quota headers of an admitted request: none when it was not counted or its tier is unlimited. */
export function quotaHeaders(admission: Admission): Array<readonly [string, string]> {
  return admission.standing ? rateLimitHeaders(admission.standing) : [];
}
