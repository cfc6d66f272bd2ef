import { X509Certificate } from 'node:crypto';
import { isIP } from 'node:net';
import tls, { type SecureContext, type TLSSocket } from 'node:tls';
import { inject, injectable } from 'inversify';
import { AddressGuard } from '../../application/ports/address-guard.js';
import { Clock } from '../../application/ports/clock.js';
import { DnsResolver } from '../../application/ports/dns-resolver.js';
import type { TlsInspection, TlsInspectionFailure, TlsInspectionOutcome, TlsInspectOptions, TlsInspector } from '../../application/ports/tls-inspector.js';
import type { DomainName } from '../../domain/domain-name.js';
import { TimeBudget, untilAborted } from './time-budget.js';

/** Settings of NodeTlsInspector, bound in the composition root under the TlsInspectorOptions token. */
export interface TlsInspectorOptions {
  /** Extra trusted CA certificates (PEM), added to Node's root store. For tests and private deployments. */
  readonly ca?: readonly string[];
  /** Test seam: connect to another port than 443 (e.g. { 443: 18443 }); SNI still names the domain. */
  readonly portMap?: Readonly<Record<number, number>>;
  /** DNS lookup, TCP connect and handshake together. Default 3000 ms. */
  readonly timeoutMs?: number;
}
export const TlsInspectorOptions = Symbol('TlsInspectorOptions');

const HTTPS_PORT = 443;
const DAY_MS = 86_400_000;
// A certificate may list many names (CDNs list hundreds); more than this says nothing more.
const MAX_NAMES = 500;

/**
 * TlsInspector on node:tls. The domain is resolved through DnsResolver, every address is judged by
 * the AddressGuard, and the handshake goes to the first allowed address only (`host` is the address,
 * `servername` the domain), so DNS cannot steer the connection anywhere unchecked. The chain is
 * verified against Node's roots (plus `ca`) without rejecting, so that an invalid certificate is
 * still described; the host name is checked on its own with tls.checkServerIdentity.
 */
@injectable()
export class NodeTlsInspector implements TlsInspector {
  private readonly trust: SecureContext | undefined;
  private readonly timeoutMs: number;

  constructor(
    @inject(TlsInspectorOptions) private readonly options: TlsInspectorOptions,
    @inject(DnsResolver) private readonly resolver: DnsResolver,
    @inject(AddressGuard) private readonly guard: AddressGuard,
    @inject(Clock) private readonly clock: Clock,
  ) {
    // A `ca` option replaces Node's roots, so extra CAs must come with them; built once, as it is costly.
    this.trust = options.ca?.length ? tls.createSecureContext({ ca: [...tls.rootCertificates, ...options.ca] }) : undefined;
    this.timeoutMs = options.timeoutMs ?? 3000;
  }

  async inspect(domain: DomainName, options: TlsInspectOptions = {}): Promise<TlsInspectionOutcome> {
    const budget = new TimeBudget(this.timeoutMs, options.signal);
    try {
      const target = await this.checkedAddress(domain, budget);
      if ('error' in target) return target;
      return await this.handshake(domain, target.address, budget);
    } finally {
      budget.dispose();
    }
  }

  /** The one address the handshake may go to, or why there is none. Never connects. */
  private async checkedAddress(domain: string, budget: TimeBudget): Promise<{ address: string } | TlsInspectionFailure> {
    if (budget.signal.aborted) return expired(budget);
    let addresses: string[];
    try {
      addresses = await untilAborted(this.resolver.resolveAddresses(domain), budget.signal);
    } catch (error) {
      if (budget.cause) return expired(budget);
      return { error: 'dns', message: error instanceof Error ? oneLine(error.message) : `DNS lookup of ${domain} failed` };
    }
    if (addresses.length === 0) return { error: 'dns', message: `${domain} has no A or AAAA record` };
    const verdicts = addresses.map((address) => ({ address, verdict: this.guard.check(address) }));
    const usable = verdicts.find((v) => v.verdict.allowed);
    if (usable) return { address: usable.address };
    const first = verdicts[0]!;
    const reason = first.verdict.allowed ? '' : first.verdict.reason;
    return { error: 'blocked', message: `${domain} resolves to ${first.address}, which is not allowed (${reason})` };
  }

  private handshake(domain: string, address: string, budget: TimeBudget): Promise<TlsInspectionOutcome> {
    return new Promise((resolve) => {
      let connected = false;
      let settled = false;
      const socket = tls.connect({
        host: address,
        port: this.options.portMap?.[HTTPS_PORT] ?? HTTPS_PORT,
        ...(isIP(domain) === 0 ? { servername: domain } : {}),
        ...(this.trust ? { secureContext: this.trust } : {}),
        rejectUnauthorized: false,
        // Judged separately in describe(), so that authorizationError speaks of the chain alone.
        checkServerIdentity: () => undefined,
      });
      const finish = (outcome: TlsInspectionOutcome) => {
        if (settled) return;
        settled = true;
        budget.signal.removeEventListener('abort', onAbort);
        socket.destroy();
        resolve(outcome);
      };
      const onAbort = () => finish(expired(budget));
      budget.signal.addEventListener('abort', onAbort, { once: true });
      socket.once('connect', () => {
        connected = true;
      });
      socket.once('secureConnect', () => finish(this.describe(domain, socket)));
      socket.on('error', (error: Error & { code?: string }) => finish(connectionFailure(error, connected)));
      socket.once('close', () => finish({ error: 'handshake_failed', message: 'the server closed the connection during the handshake' }));
      if (budget.signal.aborted) onAbort();
    });
  }

  private describe(domain: string, socket: TLSSocket): TlsInspectionOutcome {
    const peer = socket.getPeerCertificate();
    if (!peer?.raw) return { error: 'handshake_failed', message: 'the server presented no certificate' };
    let cert: X509Certificate;
    try {
      cert = new X509Certificate(peer.raw);
    } catch (error) {
      return { error: 'handshake_failed', message: `unreadable certificate: ${oneLine(String(error))}` };
    }
    const hostnameMatches = tls.checkServerIdentity(domain, peer) === undefined;
    // Node types authorizationError as an Error, but sets the OpenSSL code string.
    const authorizationError = socket.authorized ? null : String(socket.authorizationError ?? 'UNKNOWN_ERROR');
    const validTo = new Date(cert.validTo);
    const inspection: TlsInspection = {
      valid: authorizationError === null && hostnameMatches,
      authorizationError,
      hostnameMatches,
      validFrom: isoDate(cert.validFrom),
      validTo: isoDate(cert.validTo),
      daysToExpiry: Math.floor((validTo.getTime() - this.clock.now().getTime()) / DAY_MS),
      issuer: distinguishedName(cert.issuer),
      subject: distinguishedName(cert.subject),
      subjectAltNames: dnsNames(cert.subjectAltName),
    };
    return inspection;
  }
}

function expired(budget: TimeBudget): TlsInspectionFailure {
  const message = budget.cause === 'caller' ? 'aborted by the caller' : `no completed handshake within ${budget.timeoutMs} ms`;
  return { error: 'timeout', message };
}

function connectionFailure(error: Error & { code?: string }, connected: boolean): TlsInspectionFailure {
  const code = typeof error.code === 'string' ? error.code : undefined;
  const message = oneLine(code ? `${code}: ${error.message}` : error.message);
  if (code === 'ECONNREFUSED') return { error: 'refused', message };
  if (!connected) return { error: 'unreachable', message };
  return { error: 'handshake_failed', message };
}

/** The DNS entries of a subjectAltName as Node prints it (`DNS:a.example, IP Address:…`); quoted (escaped) entries are not host names. */
function dnsNames(subjectAltName: string | undefined): string[] {
  if (!subjectAltName) return [];
  const names = subjectAltName
    .split(', ')
    .filter((entry) => entry.startsWith('DNS:') && !entry.startsWith('DNS:"'))
    .map((entry) => entry.slice(4).toLowerCase());
  return [...new Set(names)].slice(0, MAX_NAMES);
}

function distinguishedName(text: string): string {
  return text.split('\n').filter(Boolean).join(', ');
}

function isoDate(text: string): string {
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? text : date.toISOString();
}

function oneLine(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 300 ? `${line.slice(0, 297)}...` : line;
}
