import type { EntityLevel } from '../entity.js';
import type { RegistryVerdict } from '../registry-verdict.js';
import type { ReadinessValue } from '../scan/readiness.js';
import type { PopularStanding } from './popularity.js';
import type { OwnershipFinding } from './ownership.js';

/**
 * A measurement that cannot be scored: attempted and failed (`timeout` or another short code), or
 * `stale`, made at `observedAt` and too old to score.
 */
export interface Failure {
  readonly error: string;
  readonly observedAt?: string;
}

/** What the registry says, reduced to what scoring needs. */
export type RegistryInput =
  | { readonly kind: 'verified'; readonly level: EntityLevel }
  | { readonly kind: 'expired'; readonly level: EntityLevel; readonly expiresAt: string }
  | { readonly kind: 'not_verified' }
  | { readonly kind: 'blocked'; readonly reason: string };

/**
 * Which rule found an imitation: a catalog domain put in front of another (`subdomain`), a brand
 * split by a dot (`dotted`), the brand's label under another suffix (`suffix`), look-alike
 * characters (`homoglyph`), one typo (`one_edit`), a brand with other words (`combination`), a
 * distinctive brand inside a longer label (`contained`), or letters of several scripts alone.
 */
export type LookalikeRule = 'subdomain' | 'dotted' | 'suffix' | 'homoglyph' | 'one_edit' | 'combination' | 'contained' | 'mixed_scripts';

/** The brand check of a name (see judgeBrand): a catalog brand, or the brand it imitates. */
export interface BrandFinding {
  readonly knownBrand: boolean;
  /** The catalog domain the name imitates (a brand's main domain, or another domain it owns), or null. */
  readonly lookalikeOf: string | null;
  /** The main domain of the brand that owns `lookalikeOf` (twitter.com is x.com's), or null. */
  readonly lookalikeBrand?: string | null;
  /** Why the name looks like an imitation (set even without a brand, e.g. mixed scripts), or null. */
  readonly reason: string | null;
  /** The rule that found the imitation, or null. */
  readonly rule?: LookalikeRule | null;
  /** For a name resembling a brand outside the catalog: what evidence says of its ownership (see withOwnership). */
  readonly ownership?: OwnershipFinding;
  /** The main domain of the brand that evidence shows owns the name (knownBrand is then true). */
  readonly ownedBy?: string;
  /** The name's place in the popularity list, when listed (see withPopularity). */
  readonly popular?: PopularStanding;
}

/** A TLS handshake seen at `observedAt`. Instants are ISO 8601 UTC strings. */
export interface TlsObservation {
  /** The certificate chain validated for the host name at observation time. */
  readonly valid: boolean;
  /** The certificate's notAfter, or null when no certificate was presented. */
  readonly validTo: string | null;
  readonly observedAt: string;
}

/** External reputation checks; each may fail on its own. */
export interface ExternalObservations {
  /** The DNS blocklists that list the domain (empty when none does). */
  readonly blocklists: { readonly listedOn: readonly string[] } | Failure;
  /** Whether a `v=spf1` TXT record is published. */
  readonly spf: { readonly published: boolean } | Failure;
  /** Whether a `v=DMARC1` record is published at `_dmarc`. */
  readonly dmarc: { readonly published: boolean } | Failure;
  /** Readiness of the latest stored scan (`unknown` when never scanned). */
  readonly readiness: { readonly value: ReadinessValue } | Failure;
}

/**
 * Everything known about a name when it is scored. `null` means nothing was stored or measured
 * (the signal is reported with `observed: false`); a Failure means the measurement was tried and
 * failed (also not observed, with its error code).
 */
export interface TrustInputs {
  readonly registry: RegistryInput;
  readonly brand: BrandFinding;
  /** When the registrable domain was registered (ISO 8601). */
  readonly registeredAt: string | null | Failure;
  readonly tls: TlsObservation | null | Failure;
  readonly external: ExternalObservations | null | Failure;
}

/** True when `value` is a failed measurement. */
export function isFailure(value: unknown): value is Failure {
  return typeof value === 'object' && value !== null && typeof (value as { error?: unknown }).error === 'string';
}

/** The registry input of a verdict. */
export function registryInputOf(verdict: RegistryVerdict): RegistryInput {
  switch (verdict.kind) {
    case 'verified':
      return { kind: 'verified', level: verdict.entity.level };
    case 'expired':
      return { kind: 'expired', level: verdict.entity.level, expiresAt: verdict.entity.expiresAt };
    case 'not_verified':
      return { kind: 'not_verified' };
    case 'blocked':
      return { kind: 'blocked', reason: verdict.block.reason };
  }
}
