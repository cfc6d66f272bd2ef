import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import type { AddressGuard } from '../../application/ports/address-guard.js';

type Address = ipaddr.IPv4 | ipaddr.IPv6;

/** Whether the fetcher may connect to an address; `reason` names the refused range, e.g. "loopback address". */
export type AddressVerdict = { readonly allowed: true } | { readonly allowed: false; readonly reason: string };

const ALLOWED: AddressVerdict = { allowed: true };

const RANGE_NAMES: Readonly<Record<string, string>> = {
  unspecified: 'unspecified address',
  broadcast: 'broadcast address',
  multicast: 'multicast address',
  linkLocal: 'link-local address',
  loopback: 'loopback address',
  carrierGradeNat: 'carrier-grade NAT address (100.64.0.0/10)',
  private: 'private address',
  reserved: 'reserved or documentation address',
  uniqueLocal: 'unique-local address (fc00::/7)',
  deprecatedSiteLocal: 'site-local address (fec0::/10)',
  rfc6145: 'IPv4-translated address (::ffff:0:0:0/96)',
  rfc6052: 'local-use NAT64 address (64:ff9b:1::/48)',
  discard: 'discard-only address (100::/64)',
  benchmarking: 'benchmarking address',
};

const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR('2000::/3');
const NAT64_WELL_KNOWN = ipaddr.parseCIDR('64:ff9b::/96');

/**
 * Decides which destination addresses the fetcher may connect to: public unicast only, plus the
 * operator's allowed networks (SCAN_ALLOWED_NETWORKS), which override every refusal.
 * IPv4-mapped IPv6 is judged as the IPv4 it carries; NAT64, 6to4 and Teredo addresses are judged by
 * their embedded IPv4; IPv4-compatible IPv6 (::a.b.c.d, deprecated) is always refused.
 * Input must be a canonical IP string (as from DNS or a WHATWG-normalised URL host); anything
 * `net.isIP` rejects, such as `0x7f.1`, is refused rather than guessed at.
 */
export class AddressPolicy implements AddressGuard {
  private readonly networks: readonly [Address, number][];

  /** @throws Error when an entry is neither an IP address nor a CIDR (a configuration mistake). */
  constructor(allowedNetworks: readonly string[] = []) {
    this.networks = allowedNetworks.map(parseNetwork);
  }

  /** Judges one address in text form (IPv4 dotted quad or IPv6, zone id allowed). Never throws. */
  check(ip: string): AddressVerdict {
    const family = isIP(ip);
    if (family === 0) return refuse('not an IP address');
    const address = ipaddr.parse(family === 6 ? canonicalV6(ip) : ip);
    if (this.isAllowedNetwork(address)) return ALLOWED;
    if (address.kind() === 'ipv6') {
      const v6 = address as ipaddr.IPv6;
      if (v6.isIPv4MappedAddress()) {
        const v4 = v6.toIPv4Address();
        return this.isAllowedNetwork(v4) ? ALLOWED : judgeV4(v4);
      }
      return this.judgeV6(v6);
    }
    return judgeV4(address as ipaddr.IPv4);
  }

  private isAllowedNetwork(address: Address): boolean {
    return this.networks.some(([net, bits]) => net.kind() === address.kind() && address.match(net, bits));
  }

  private judgeV6(address: ipaddr.IPv6): AddressVerdict {
    const range = address.range();
    const parts = address.parts;
    switch (range) {
      case 'unicast':
        if (parts.slice(0, 6).every((p) => p === 0)) {
          return refuse(`IPv4-compatible IPv6 address (deprecated) embedding ${embedded(parts[6], parts[7])}`);
        }
        if (!address.match(GLOBAL_UNICAST_V6)) return refuse('address outside global unicast 2000::/3');
        return ALLOWED;
      case 'rfc6052':
        if (!address.match(NAT64_WELL_KNOWN)) return refuse(RANGE_NAMES.rfc6052!);
        return this.judgeEmbedded('NAT64', embedded(parts[6], parts[7]));
      case '6to4':
        return this.judgeEmbedded('6to4', embedded(parts[1], parts[2]));
      case 'teredo': {
        // The client address is stored inverted (RFC 4380 section 4).
        const client = embedded(~(parts[6] ?? 0) & 0xffff, ~(parts[7] ?? 0) & 0xffff);
        const server = this.judgeEmbedded('Teredo server', embedded(parts[2], parts[3]));
        return server.allowed ? this.judgeEmbedded('Teredo', client) : server;
      }
      default:
        return refuse(RANGE_NAMES[range] ?? `special-purpose address (${range})`);
    }
  }

  private judgeEmbedded(kind: string, v4: string): AddressVerdict {
    const verdict = this.check(v4);
    return verdict.allowed ? ALLOWED : refuse(`${kind} address embedding ${v4} (${verdict.reason})`);
  }
}

function judgeV4(address: ipaddr.IPv4): AddressVerdict {
  const range = address.range();
  return range === 'unicast' ? ALLOWED : refuse(RANGE_NAMES[range] ?? `special-purpose address (${range})`);
}

function embedded(high = 0, low = 0): string {
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
}

// ipaddr.js reads "::a.b.c.d" (IPv4-compatible) as IPv4-mapped; the WHATWG serialiser writes every
// IPv6 address in plain hex, so parsing its output keeps the two apart. The zone id does not matter here.
function canonicalV6(ip: string): string {
  const withoutZone = ip.split('%')[0] ?? ip;
  return new URL(`http://[${withoutZone}]/`).hostname.slice(1, -1);
}

function refuse(reason: string): AddressVerdict {
  return { allowed: false, reason };
}

function parseNetwork(entry: string): [Address, number] {
  const text = entry.trim();
  const slash = text.indexOf('/');
  const host = slash === -1 ? text : text.slice(0, slash);
  if (isIP(host) === 0) throw new Error(`allowed network "${entry}" is not an IP address or CIDR`);
  if (slash === -1) {
    const address = ipaddr.parse(isIP(host) === 6 ? canonicalV6(host) : host);
    return [address, address.kind() === 'ipv4' ? 32 : 128];
  }
  try {
    const bits = text.slice(slash + 1);
    return ipaddr.parseCIDR(`${isIP(host) === 6 ? canonicalV6(host) : host}/${bits}`);
  } catch (error) {
    throw new Error(`allowed network "${entry}" is not a valid CIDR`, { cause: error });
  }
}
