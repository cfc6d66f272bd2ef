import type { DomainName } from '../../domain/domain-name.js';

/** What one live TLS handshake with a domain showed about its certificate. Instants are ISO 8601 UTC. */
export interface TlsInspection {
  /** The chain verifies against the trust store, the certificate is in its validity period and names the domain. */
  readonly valid: boolean;
  /**
   * Why the chain did not verify, as Node names it (CERT_HAS_EXPIRED, UNABLE_TO_VERIFY_LEAF_SIGNATURE,
   * DEPTH_ZERO_SELF_SIGNED_CERT, ...); null when it verified. The host name is judged in hostnameMatches.
   */
  readonly authorizationError: string | null;
  /** The certificate's names cover the domain (RFC 6125 matching, as tls.checkServerIdentity). */
  readonly hostnameMatches: boolean;
  readonly validFrom: string;
  readonly validTo: string;
  /** Whole days from now to validTo, rounded down: negative once expired. */
  readonly daysToExpiry: number;
  /** Distinguished names as `CN=..., O=...`. */
  readonly issuer: string;
  readonly subject: string;
  /** The certificate's DNS names (subjectAltName), lower case, wildcards as `*.example.com`; at most 500. */
  readonly subjectAltNames: readonly string[];
}

/**
 * Why no certificate could be inspected: `blocked` (every address refused by the AddressGuard; no
 * connection made), `dns` (no address, or the lookup failed), `refused` (TCP RST), `unreachable`
 * (no route), `handshake_failed` (the peer broke off or does not speak TLS), `timeout` (the time
 * budget or the caller's signal ran out first).
 */
type TlsInspectionErrorCode = 'timeout' | 'blocked' | 'dns' | 'refused' | 'unreachable' | 'handshake_failed';

export interface TlsInspectionFailure {
  readonly error: TlsInspectionErrorCode;
  /** One line, safe to show. */
  readonly message: string;
}

export type TlsInspectionOutcome = TlsInspection | TlsInspectionFailure;

export interface TlsInspectOptions {
  /** Ends the inspection early (outcome `timeout`), e.g. when the request's deadline passes. */
  readonly signal?: AbortSignal;
}

/**
 * Inspects the certificate a domain serves on port 443 (with SNI) by a live handshake, connecting only
 * to an address the AddressGuard allows. Adapters: NodeTlsInspector.
 * Never throws for network outcomes: every failure is a TlsInspectionFailure value (`'error' in outcome`).
 */
export interface TlsInspector {
  inspect(domain: DomainName, options?: TlsInspectOptions): Promise<TlsInspectionOutcome>;
}
export const TlsInspector = Symbol('TlsInspector');
