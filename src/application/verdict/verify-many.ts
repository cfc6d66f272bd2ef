import { inject, injectable } from 'inversify';
import { MAX_NAMES_PER_VERIFY } from '../../domain/service-info.js';
import { AppError, isAppError } from '../errors.js';
import { AssessTrust, type TrustOutcome } from '../trust/assess-trust.js';
import { VerifyDomain, type VerifyOutcome } from './verify-domain.js';

/** One name of a request for many, answered as its own request would be, or refused on its own. */
export type ManyItem =
  | { readonly name: string; readonly kind: 'verify'; readonly outcome: VerifyOutcome }
  | { readonly name: string; readonly kind: 'trust'; readonly outcome: TrustOutcome }
  | { readonly name: string; readonly kind: 'refused'; readonly error: AppError };

/** How many names the caller's quota lets through (ReadsAdmission), and the error of the rest. */
export interface ReadAllowance {
  readonly admitted: number;
  readonly refusal?: AppError;
}

// Names judged at once: enough to overlap the stores' round trips, few enough that one request of a
// hundred names cannot hold every connection of the pool.
const AT_ONCE = 8;

/**
 * Many names in one request (POST /verify, MCP check_trust with `domains`): each answered as
 * `GET /verify/{name}` (or with `signals`, `?signals=true`) would answer it, in the order given,
 * each with its own success or error. A malformed name is that item's VALIDATION_ERROR, a name
 * beyond the caller's quota that item's RATE_LIMITED; a store that cannot be reached fails the
 * whole request, as it would fail each name. Never looks live (no `external`): a hundred live looks
 * are a hundred requests.
 */
@injectable()
export class VerifyMany {
  constructor(
    @inject(VerifyDomain) private readonly verifyDomain: VerifyDomain,
    @inject(AssessTrust) private readonly assessTrust: AssessTrust,
  ) {}

  /** Refuses a list that is empty or longer than MAX_NAMES_PER_VERIFY before anything is counted or read. */
  static checkCount(names: readonly unknown[]): void {
    if (names.length === 0 || names.length > MAX_NAMES_PER_VERIFY)
      throw new AppError('VALIDATION_ERROR', `Send from 1 to ${MAX_NAMES_PER_VERIFY} domain names at once; this request has ${names.length}.`);
  }

  async run(names: readonly string[], options: { readonly signals: boolean }, allowance?: ReadAllowance): Promise<ManyItem[]> {
    VerifyMany.checkCount(names);
    const admitted = allowance?.admitted ?? names.length;
    const items: ManyItem[] = new Array(names.length);
    for (let start = 0; start < names.length; start += AT_ONCE) {
      const slice = names.slice(start, start + AT_ONCE);
      await Promise.all(
        slice.map(async (name, offset) => {
          const at = start + offset;
          items[at] = at < admitted ? await this.one(name, options.signals) : { name, kind: 'refused', error: allowance?.refusal ?? quotaError() };
        }),
      );
    }
    return items;
  }

  private async one(name: string, signals: boolean): Promise<ManyItem> {
    try {
      if (signals) return { name, kind: 'trust', outcome: await this.assessTrust.run(name, { external: false }) };
      return { name, kind: 'verify', outcome: await this.verifyDomain.run(name) };
    } catch (error) {
      // A refusal of this name is its item's answer; anything else (a store down) fails the request.
      if (isAppError(error) && error.code !== 'INTERNAL_ERROR' && error.code !== 'SERVICE_UNAVAILABLE') return { name, kind: 'refused', error };
      throw error;
    }
  }
}

function quotaError(): AppError {
  return new AppError('RATE_LIMITED', 'The daily quota of public reads is used up.');
}
