import type { EntityLevel } from '../entity.js';
import type { ExternalSignal } from './external-signal.js';
import type { PopularStanding } from './popularity.js';
import type { OwnershipEvidenceKind, OwnershipFinding } from './ownership.js';
import type { SignalBase } from './signal-base.js';
import { unobservedReason } from './signal-reasons.js';
import { isFailure, type BrandFinding, type Failure, type RegistryInput, type TlsObservation } from './trust-inputs.js';

export interface RegistrySignal extends SignalBase {
  readonly verified: boolean;
  readonly level: EntityLevel | null;
}

export interface BrandSignal extends SignalBase {
  readonly known_brand: boolean;
  /** The catalog domain the name imitates: a brand's main domain or another domain it owns. */
  readonly lookalike_of: string | null;
  /** The main domain of the brand that owns `lookalike_of`. */
  readonly lookalike_brand: string | null;
  /** The main domain of the brand that evidence shows owns this name (known_brand is then true). */
  readonly owned_by?: string;
  /** For a name resembling a brand outside the catalog: whether evidence shows the brand owns it. */
  readonly ownership?: OwnershipSignal;
  /** Where the popularity list places the name; `exempt` is false when it was registered after the list. */
  readonly popular?: PopularSignal;
}

/** The popularity part of the brand signal; field names are the contract's. */
export interface PopularSignal {
  readonly source: string;
  readonly bucket: number;
  readonly as_of: string;
  /** True when the listing spares the name the lookalike rules; false for a name registered after the list. */
  readonly exempt: boolean;
  /** The stored registration date later than the list's, when `exempt` is false. */
  readonly registered_at?: string;
}

/** The ownership part of the brand signal; field names are the contract's. */
export type OwnershipSignal =
  | { readonly status: 'owned'; readonly checked_at: string; readonly evidence: readonly { readonly kind: OwnershipEvidenceKind; readonly detail: string }[] }
  | { readonly status: 'not_owned'; readonly checked_at: string }
  | { readonly status: 'not_checked'; readonly reason: string };

export interface DomainAgeSignal extends SignalBase {
  /** Full years since registration (not capped), or null when unknown. */
  readonly years: number | null;
}

export interface SslSignal extends SignalBase {
  readonly valid: boolean | null;
  /** Whole days until the certificate's notAfter (negative once expired), or null. */
  readonly days_to_expiry: number | null;
}

/** The signal breakdown of a verify answer with `signals=true`; field names are the contract's. */
export interface TrustSignals {
  readonly registry: RegistrySignal;
  readonly brand: BrandSignal;
  readonly domain_age: DomainAgeSignal;
  readonly ssl: SslSignal;
  readonly external: ExternalSignal;
}

/** The maximum of each signal; they add up to 100. */
export const SIGNAL_MAX = { registry: 40, brand: 20, domain_age: 15, ssl: 10, external: 15 } as const;

/** Registry points by entity level. */
export const REGISTRY_LEVEL_SCORES: Readonly<Record<EntityLevel, number>> = { basic: 20, verified: 30, enterprise: 40 };

const DAY_MS = 86_400_000;

/**
 * Registry signal: the entity's level scores (basic 20, verified 30, enterprise 40). An expired
 * verification scores as not verified (error `expired`), a blocked name scores 0 (error `blocked`).
 * The registry is always consulted, so the signal is always observed.
 */
export function registrySignal(registry: RegistryInput): RegistrySignal {
  const max = SIGNAL_MAX.registry;
  switch (registry.kind) {
    case 'verified':
      return { score: REGISTRY_LEVEL_SCORES[registry.level], max, observed: true, verified: true, level: registry.level };
    case 'expired':
      return {
        score: 0,
        max,
        observed: true,
        error: 'expired',
        reason: `The registry verification expired at ${registry.expiresAt}; scored as not verified.`,
        verified: false,
        level: null,
      };
    case 'blocked':
      return { score: 0, max, observed: true, error: 'blocked', reason: 'The operator blocked this name.', verified: false, level: null };
    case 'not_verified':
      return { score: 0, max, observed: true, verified: false, level: null };
  }
}

/**
 * Brand signal: 20 for a catalog brand (or its subdomain), or a name that evidence shows the brand
 * owns (`owned_by`), 0 otherwise; a lookalike names its brand. A name resembling a brand outside the
 * catalog also says what is known of its ownership (`ownership`), a listed name where the
 * popularity list places it (`popular`).
 */
export function brandSignal(brand: BrandFinding): BrandSignal {
  return {
    score: brand.knownBrand ? SIGNAL_MAX.brand : 0,
    max: SIGNAL_MAX.brand,
    observed: true,
    known_brand: brand.knownBrand,
    lookalike_of: brand.knownBrand ? null : brand.lookalikeOf,
    lookalike_brand: brand.knownBrand || brand.lookalikeOf === null ? null : (brand.lookalikeBrand ?? brand.lookalikeOf),
    ...(brand.ownedBy !== undefined ? { owned_by: brand.ownedBy } : {}),
    ...(brand.ownership !== undefined ? { ownership: ownershipSignal(brand.ownership) } : {}),
    ...(brand.popular !== undefined ? popularParts(brand.popular) : {}),
  };
}

function popularParts(standing: PopularStanding): Pick<BrandSignal, 'popular' | 'reason'> {
  const { source, bucket, asOf } = standing.popularity;
  const listed = { source, bucket, as_of: asOf };
  if (standing.kind === 'popular') return { popular: { ...listed, exempt: true } };
  return {
    popular: { ...listed, exempt: false, registered_at: standing.registeredAt },
    reason: `In the top ${bucket} of ${source} (${asOf}), but registered ${standing.registeredAt.slice(0, 10)}, after that list: a dropped name caught by someone else is judged as any new name.`,
  };
}

function ownershipSignal(ownership: OwnershipFinding): OwnershipSignal {
  switch (ownership.status) {
    case 'owned':
      return { status: 'owned', checked_at: ownership.checkedAt, evidence: ownership.evidence.map((e) => ({ kind: e.kind, detail: e.detail })) };
    case 'not_owned':
      return { status: 'not_owned', checked_at: ownership.checkedAt };
    case 'not_checked':
      return { status: 'not_checked', reason: ownership.reason };
  }
}

/**
 * Domain age signal: one point per full year since registration, at most 15. A full year has
 * passed once the anniversary (UTC) is reached, so 364 days score 0 and a year to the day scores 1.
 * A registration date in the future counts as 0 years; an unparseable one is not observed.
 */
export function domainAgeSignal(registeredAt: string | null | Failure, now: Date): DomainAgeSignal {
  const max = SIGNAL_MAX.domain_age;
  if (registeredAt === null) return { score: 0, max, observed: false, reason: unobservedReason('domain_age', undefined), years: null };
  if (isFailure(registeredAt)) {
    return {
      score: 0,
      max,
      observed: false,
      error: registeredAt.error,
      reason: unobservedReason('domain_age', registeredAt.error, registeredAt.observedAt),
      years: null,
    };
  }
  const from = new Date(registeredAt);
  if (Number.isNaN(from.getTime()))
    return {
      score: 0,
      max,
      observed: false,
      error: 'invalid_date',
      reason: 'Not observed: the registry gave a registration date that is not a date.',
      years: null,
    };
  const years = fullYearsBetween(from, now);
  return { score: Math.min(years, max), max, observed: true, years };
}

/** Whole years from `from` to `to` (UTC anniversaries; 29 February's falls on 1 March), never negative. */
export function fullYearsBetween(from: Date, to: Date): number {
  let years = to.getUTCFullYear() - from.getUTCFullYear();
  const anniversary = Date.UTC(
    from.getUTCFullYear() + years,
    from.getUTCMonth(),
    from.getUTCDate(),
    from.getUTCHours(),
    from.getUTCMinutes(),
    from.getUTCSeconds(),
    from.getUTCMilliseconds(),
  );
  if (to.getTime() < anniversary) years -= 1;
  return Math.max(0, years);
}

/**
 * SSL signal: 10 when the observed certificate validated and has not expired at `now`, else 0.
 * `days_to_expiry` counts whole days from `now` to the certificate's notAfter.
 */
export function sslSignal(tls: TlsObservation | null | Failure, now: Date): SslSignal {
  const max = SIGNAL_MAX.ssl;
  if (tls === null) return { score: 0, max, observed: false, reason: unobservedReason('ssl', undefined), valid: null, days_to_expiry: null };
  if (isFailure(tls))
    return { score: 0, max, observed: false, error: tls.error, reason: unobservedReason('ssl', tls.error, tls.observedAt), valid: null, days_to_expiry: null };
  const notAfter = tls.validTo === null ? Number.NaN : Date.parse(tls.validTo);
  const days = Number.isNaN(notAfter) ? null : Math.floor((notAfter - now.getTime()) / DAY_MS);
  const unexpired = Number.isNaN(notAfter) || notAfter > now.getTime();
  const valid = tls.valid && unexpired;
  const why =
    tls.valid && !unexpired
      ? { error: 'expired', reason: `The certificate expired at ${tls.validTo}.` }
      : valid
        ? {}
        : { reason: `The certificate seen at ${tls.observedAt} did not validate for this name.` };
  return { score: valid ? max : 0, max, observed: true, ...why, valid, days_to_expiry: days };
}
