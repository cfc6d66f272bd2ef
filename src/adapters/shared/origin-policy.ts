import { isIP } from 'node:net';

/** The local end of the connection a request came in on. */
export interface LocalEnd {
  readonly localAddress?: string | undefined;
  readonly localPort?: number | undefined;
}

const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]'];

/**
 * Which browser origins may call the writes and POST /mcp, and which Host names /mcp answers to
 * (the DNS-rebinding protection the MCP specification asks for):
 * - the origin and host of BASE_URL, always;
 * - the configured ones (MCP_ALLOWED_ORIGINS, MCP_ALLOWED_HOSTS);
 * - on a connection that arrived on a loopback address, `localhost`, `127.0.0.1` and `[::1]` with
 *   the port it arrived on: the spellings of "this service on this machine". A page a rebinding
 *   attack loads still names its own host, which none of these match.
 * Exact comparisons, lower-cased; nothing else is allowed.
 */
export class OriginPolicy {
  private readonly origins: ReadonlySet<string>;
  private readonly hosts: ReadonlySet<string>;

  constructor(baseUrl: string, configuredOrigins: readonly string[], configuredHosts: readonly string[]) {
    const base = new URL(baseUrl);
    this.origins = new Set([base.origin, ...configuredOrigins].map((o) => o.toLowerCase()));
    this.hosts = new Set([base.host, ...configuredHosts].map((h) => h.toLowerCase()));
  }

  /** True when a browser at `origin` may call the writes and POST /mcp over `local`. */
  allowsOrigin(origin: string, local: LocalEnd): boolean {
    const wanted = origin.toLowerCase();
    if (this.origins.has(wanted)) return true;
    // An origin leaves out its scheme's default port.
    const port = local.localPort;
    return loopbackHosts(local).some(
      (host) => wanted === `http://${port === 80 ? host.replace(/:80$/, '') : host}` || wanted === `https://${port === 443 ? host.replace(/:443$/, '') : host}`,
    );
  }

  /** True when POST /mcp may answer a request that named `host` (its Host header) over `local`. */
  allowsHost(host: string | undefined, local: LocalEnd): boolean {
    if (host === undefined || host === '') return false;
    const wanted = host.toLowerCase();
    return this.hosts.has(wanted) || loopbackHosts(local).includes(wanted);
  }
}

// `localhost:3000`, `127.0.0.1:3000`, `[::1]:3000` for a connection that came in on loopback port 3000.
function loopbackHosts(local: LocalEnd): string[] {
  if (local.localAddress === undefined || local.localPort === undefined || !isLoopback(local.localAddress)) return [];
  return LOOPBACK_NAMES.map((name) => `${name}:${local.localPort}`);
}

function isLoopback(address: string): boolean {
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  if (isIP(v4) === 4) return v4.startsWith('127.');
  return address === '::1';
}
