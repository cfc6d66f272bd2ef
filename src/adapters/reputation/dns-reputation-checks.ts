import { setMaxListeners } from 'node:events';
import { isIPv4 } from 'node:net';
import { inject, injectable } from 'inversify';
import { isAppError } from '../../application/errors.js';
import { DnsResolver } from '../../application/ports/dns-resolver.js';
import type {
  BlocklistVerdict,
  DmarcVerdict,
  ReputationCheckOptions,
  ReputationChecks,
  ReputationReport,
  SpfVerdict,
} from '../../application/ports/reputation-checks.js';
import type { DomainName } from '../../domain/domain-name.js';
import { readDmarc } from './read-dmarc.js';
import { readSpf } from './read-spf.js';

/** Settings of DnsReputationChecks, bound in the composition root under the ReputationChecksOptions token. */
export interface ReputationChecksOptions {
  /** Each lookup's own limit (one blocklist, SPF, DMARC). Default 1500 ms. */
  readonly lookupTimeoutMs?: number;
}
export const ReputationChecksOptions = Symbol('ReputationChecksOptions');

type Lookup<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: 'timeout' | 'unavailable' };

/**
 * ReputationChecks on the DnsResolver port. Every lookup runs in parallel under its own time limit
 * and the caller's signal; a failure marks only its own verdict.
 *
 * Blocklists follow the Spamhaus DBL conventions: `<domain>.<zone>` answering NXDOMAIN (or no A
 * record) means not listed; an A record in 127.0.0.0/8 is a listing whose address is the list's
 * return code (DBL: 127.0.1.2 spam, .4 phishing, .5 malware, .6 botnet C&C, 127.0.1.102-106 abused
 * legitimate domains); 127.255.255.0/24 answers are the list refusing the query, not listings
 * (.252 typing error in the list name, .254 query through a public resolver, .255 too many queries).
 * Lists refuse queries through public resolvers: point DNS_SERVERS at your own resolver to use them.
 */
@injectable()
export class DnsReputationChecks implements ReputationChecks {
  private readonly timeoutMs: number;

  constructor(
    @inject(ReputationChecksOptions) options: ReputationChecksOptions,
    @inject(DnsResolver) private readonly resolver: DnsResolver,
  ) {
    this.timeoutMs = options.lookupTimeoutMs ?? 1500;
  }

  async check(domain: DomainName, options: ReputationCheckOptions): Promise<ReputationReport> {
    const { signal } = options;
    // Every lookup of one request listens to its signal: more listeners than Node's warning level.
    if (signal) setMaxListeners(64, signal);
    const [blocklists, spf, dmarc] = await Promise.all([
      Promise.all(options.zones.map((zone) => this.blocklist(domain, zone, signal))),
      this.spf(domain, signal),
      this.dmarc(domain, signal),
    ]);
    return { blocklists, spf, dmarc };
  }

  private async blocklist(domain: string, zone: string, signal: AbortSignal | undefined): Promise<BlocklistVerdict> {
    const suffix = zone
      .trim()
      .toLowerCase()
      .replace(/^\.+|\.+$/g, '');
    const answer = await this.bounded(() => this.resolver.resolveAddresses(`${domain}.${suffix}`), signal);
    return answer.ok ? judgeListing(zone, answer.value) : { zone, listed: false, error: answer.error };
  }

  private async spf(domain: string, signal: AbortSignal | undefined): Promise<SpfVerdict> {
    const answer = await this.bounded(() => this.resolver.resolveTxt(domain), signal);
    return answer.ok ? readSpf(answer.value) : { published: false, error: answer.error };
  }

  private async dmarc(domain: string, signal: AbortSignal | undefined): Promise<DmarcVerdict> {
    const answer = await this.bounded(() => this.resolver.resolveTxt(`_dmarc.${domain}`), signal);
    return answer.ok ? readDmarc(answer.value) : { published: false, error: answer.error };
  }

  /** Runs one lookup under its own limit and the caller's signal; never rejects. */
  private async bounded<T>(start: () => Promise<T>, signal: AbortSignal | undefined): Promise<Lookup<T>> {
    if (signal?.aborted) return { ok: false, error: 'timeout' };
    let timer: NodeJS.Timeout | undefined;
    let onAbort: (() => void) | undefined;
    const stopped = new Promise<Lookup<T>>((resolve) => {
      timer = setTimeout(() => resolve({ ok: false, error: 'timeout' }), this.timeoutMs);
      onAbort = () => resolve({ ok: false, error: 'timeout' });
      signal?.addEventListener('abort', onAbort, { once: true });
    });
    const answered = start().then(
      (value): Lookup<T> => ({ ok: true, value }),
      (error: unknown): Lookup<T> => ({ ok: false, error: dnsCodeOf(error) === 'ETIMEOUT' ? 'timeout' : 'unavailable' }),
    );
    try {
      return await Promise.race([answered, stopped]);
    } finally {
      clearTimeout(timer);
      if (onAbort) signal?.removeEventListener('abort', onAbort);
    }
  }
}

function judgeListing(zone: string, addresses: readonly string[]): BlocklistVerdict {
  if (addresses.length === 0) return { zone, listed: false };
  const loopback = addresses.filter((a) => isIPv4(a) && a.startsWith('127.')).sort(byValue);
  const refusal = loopback.find((a) => a.startsWith('127.255.255.'));
  if (refusal) return { zone, listed: false, code: refusal, error: 'list_error' };
  const listing = loopback[0];
  return listing ? { zone, listed: true, code: listing } : { zone, listed: false, error: 'unexpected_answer' };
}

function byValue(a: string, b: string): number {
  const value = (ip: string) => ip.split('.').reduce((sum, octet) => sum * 256 + Number(octet), 0);
  return value(a) - value(b);
}

function dnsCodeOf(error: unknown): string | undefined {
  const code = isAppError(error) ? error.details.dnsCode : undefined;
  return typeof code === 'string' ? code : undefined;
}
