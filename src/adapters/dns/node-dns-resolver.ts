import { promises as dns } from 'node:dns';
import { isIP } from 'node:net';
import { inject, injectable } from 'inversify';
import { AppError } from '../../application/errors.js';
import type { DnsResolver } from '../../application/ports/dns-resolver.js';

/** How NodeDnsResolver reaches DNS. */
export interface DnsResolverOptions {
  /** DNS_SERVERS: `ip`, `ip:port` or `[ipv6]:port`. Empty: the system resolver. */
  readonly servers: readonly string[];
  /** Per-try timeout. Default 2000 ms. */
  readonly timeoutMs?: number;
  /** Tries per server. Default 2. */
  readonly tries?: number;
}
export const DnsResolverOptions = Symbol('DnsResolverOptions');

const EMPTY_ANSWER = new Set(['ENODATA', 'ENOTFOUND', 'NODATA', 'NOTFOUND']);

/**
 * DnsResolver on node:dns. With servers it asks them directly (a `dns.promises.Resolver`); without,
 * addresses come from the system resolver (`dns.lookup`, so /etc/hosts applies) and TXT and NS from
 * the system's name servers. Every lookup is bounded by timeoutMs x tries.
 */
@injectable()
export class NodeDnsResolver implements DnsResolver {
  private readonly resolver: dns.Resolver;
  private readonly useSystemLookup: boolean;
  private readonly deadlineMs: number;

  /** @throws Error when a server entry is malformed (a configuration mistake). */
  constructor(@inject(DnsResolverOptions) options: DnsResolverOptions) {
    const timeout = options.timeoutMs ?? 2000;
    const tries = options.tries ?? 2;
    this.resolver = new dns.Resolver({ timeout, tries });
    this.useSystemLookup = options.servers.length === 0;
    if (!this.useSystemLookup) this.resolver.setServers([...options.servers]);
    // Covers the resolver's own retries, plus slack for a second server.
    this.deadlineMs = timeout * tries * Math.max(1, options.servers.length) + 500;
  }

  async resolveAddresses(host: string): Promise<string[]> {
    const name = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
    if (isIP(name) !== 0) return [name];
    if (this.useSystemLookup) {
      const found = await this.bounded(name, dns.lookup(name, { all: true, verbatim: true }));
      return found.map((entry) => entry.address);
    }
    const [v4, v6] = await Promise.allSettled([this.bounded(name, this.resolver.resolve4(name)), this.bounded(name, this.resolver.resolve6(name))]);
    const addresses = [...fulfilled(v4), ...fulfilled(v6)];
    const failure = [v4, v6].find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (addresses.length === 0 && failure) throw failure.reason;
    return addresses;
  }

  async resolveTxt(name: string): Promise<string[][]> {
    return this.bounded(name, this.resolver.resolveTxt(name));
  }

  async resolveNs(name: string): Promise<string[]> {
    const hosts = await this.bounded(name, this.resolver.resolveNs(name));
    return hosts.map((host) => host.toLowerCase().replace(/\.$/, ''));
  }

  /** Maps "no such name / no data" to an empty answer and other failures to AppError. */
  private async bounded<T>(name: string, lookup: Promise<T[]>): Promise<T[]> {
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(Object.assign(new Error(`DNS lookup timed out after ${this.deadlineMs} ms`), { code: 'ETIMEOUT' })), this.deadlineMs);
    });
    try {
      return await Promise.race([lookup, deadline]);
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (typeof code === 'string' && EMPTY_ANSWER.has(code)) return [];
      const dnsCode = typeof code === 'string' ? code : 'EUNKNOWN';
      throw new AppError('SCAN_UNAVAILABLE', `DNS lookup of ${name} failed: ${dnsCode}`, { dnsCode }, { cause: error });
    } finally {
      clearTimeout(timer);
      // A lost race must not surface as an unhandled rejection.
      lookup.catch(() => undefined);
    }
  }
}

function fulfilled(result: PromiseSettledResult<string[]>): string[] {
  return result.status === 'fulfilled' ? result.value : [];
}
