import { getDomain } from 'tldts';
import { normaliseOrganisation, quotableOrganisation } from './organisation-name.js';
import type { OwnershipCheck, OwnershipEvidence, OwnershipLook } from './ownership.js';
import type { BrandFinding } from './trust-inputs.js';

/** A brand as an ownership check sees it: its main domain and every registrable domain the catalog lists for it. */
export interface OwningBrand {
  readonly main: string;
  readonly domains: readonly string[];
}

/** What the looks at a name (and at its brand's main domain) saw. A look that did not answer is left out. */
export interface OwnershipObservations {
  /** The certificate the name serves on port 443: whether it validated for the name, and its DNS names; null when none was served. */
  readonly certificate?: { readonly valid: boolean; readonly names: readonly string[] } | null;
  /** The RDAP registrant organisation of the name's registrable domain, as published; null when none is. */
  readonly registrant?: string | null;
  /** The RDAP registrant organisation of the brand's main domain, as published; null when none is. */
  readonly brandRegistrant?: string | null;
  /** The NS host names of the name's registrable domain; empty when it has none. */
  readonly nameservers?: readonly string[];
}

/** A check younger than this is not made again (reading queues one at most once a day). */
export const OWNERSHIP_RECHECK_SECONDS = 86_400;
/** A check older than this is no longer relied on: the name may have changed hands. */
export const OWNERSHIP_VALID_SECONDS = 7 * 86_400;

/**
 * Nameservers that serve other people's zones although a catalog brand runs them (Cloudflare's
 * customer nameservers, WordPress.com, GoDaddy's hosting, Yandex 360): being served by them shows
 * nothing about who owns a name. A host counts when it is one of these or under one.
 */
export const SHARED_NAMESERVERS: readonly string[] = ['ns.cloudflare.com', 'wordpress.com', 'secureserver.net', 'dns1.yandex.net', 'dns2.yandex.net'];

const TLDTS_OPTIONS = { allowPrivateDomains: true } as const;
const HOST = /^(\*\.)?[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)+$/;
const NAMES_SHOWN = 3;

/**
 * The evidence that `brand` owns `domain` (a name outside the catalog that resembles it), from
 * what the looks saw; empty when there is none:
 * - `tls_certificate`: the certificate served for the name validated for it and also covers a name
 *   under one of the brand's registrable domains (a CA issued one certificate for both);
 * - `registrant`: the RDAP registrant organisation of the name's registrable domain is the one of
 *   the brand's main domain, once both are normalised (see normaliseOrganisation: placeholders of
 *   redacted registrations never match);
 * - `nameservers`: every NS host of the name's registrable domain is under a registrable domain of
 *   the brand, none of them a shared hosting nameserver (SHARED_NAMESERVERS).
 * Registrants are what the registrant declared: the weakest of the three.
 */
export function ownershipEvidence(domain: string, brand: OwningBrand, seen: OwnershipObservations): OwnershipEvidence[] {
  const owned = new Set(brand.domains);
  const registrable = getDomain(domain, TLDTS_OPTIONS) ?? domain;
  const evidence: OwnershipEvidence[] = [];

  if (seen.certificate?.valid) {
    const covered = seen.certificate.names.map((n) => n.toLowerCase()).filter((n) => HOST.test(n) && owned.has(registrableOf(n.replace(/^\*\./, ''))));
    if (covered.length > 0) evidence.push({ kind: 'tls_certificate', detail: `the certificate for ${domain} also covers ${listed(covered)}` });
  }

  const registrant = normaliseOrganisation(seen.registrant);
  if (registrant !== null && registrant === normaliseOrganisation(seen.brandRegistrant)) {
    const shown = quotableOrganisation(seen.brandRegistrant!);
    evidence.push({ kind: 'registrant', detail: `the RDAP registrant of ${registrable} is the registrant of ${brand.main}, ${shown}` });
  }

  const nameservers = (seen.nameservers ?? []).map((n) => n.toLowerCase().replace(/\.$/, ''));
  if (nameservers.length > 0 && nameservers.every((ns) => HOST.test(ns) && owned.has(registrableOf(ns)) && !isShared(ns))) {
    evidence.push({ kind: 'nameservers', detail: `${registrable} is served by the nameservers of ${brand.main}: ${listed([...new Set(nameservers)].sort())}` });
  }
  return evidence;
}

/**
 * `finding` with what is known of the ownership of the name it is about, when it resembles a brand
 * outside the catalog (`lookalikeOf` set, not a known brand); any other finding is returned as is.
 * `brand` is the main domain of the brand it resembles, `check` the stored check of the name, if
 * any. A check of that brand younger than OWNERSHIP_VALID_SECONDS decides: with evidence the name is
 * a known brand owned by `brand` (`owned`), without it the lookalike stands (`not_owned`). With no
 * such check the ownership is `not_checked`, with a reason; `unanswered` names the looks that just
 * failed to answer, if a look was tried.
 */
export function withOwnership(
  finding: BrandFinding,
  brand: string,
  check: OwnershipCheck | undefined,
  now: Date,
  unanswered: readonly OwnershipLook[] = [],
): BrandFinding {
  if (finding.knownBrand || finding.lookalikeOf === null) return finding;
  const usable = check !== undefined && check.brand === brand && ageSeconds(check.checkedAt, now) < OWNERSHIP_VALID_SECONDS;
  if (!usable) return { ...finding, ownership: { status: 'not_checked', reason: notCheckedReason(brand, check, unanswered) } };
  if (check.evidence.length === 0) return { ...finding, ownership: { status: 'not_owned', checkedAt: check.checkedAt } };
  return { ...finding, knownBrand: true, ownedBy: brand, ownership: { status: 'owned', checkedAt: check.checkedAt, evidence: check.evidence } };
}

/** True when `check` is of `brand` and younger than OWNERSHIP_RECHECK_SECONDS: no new check is due. */
export function isRecentCheck(check: OwnershipCheck | undefined, brand: string, now: Date): boolean {
  return check !== undefined && check.brand === brand && ageSeconds(check.checkedAt, now) < OWNERSHIP_RECHECK_SECONDS;
}

const LOOK_WORDS: Readonly<Record<OwnershipLook, string>> = { tls: 'its certificate', rdap: 'its RDAP registrant', dns: 'its nameservers' };

function notCheckedReason(brand: string, check: OwnershipCheck | undefined, unanswered: readonly OwnershipLook[]): string {
  const asked = `Whether ${brand} owns this name`;
  if (unanswered.length > 0) {
    const looks = unanswered.map((look) => LOOK_WORDS[look]).join(', ');
    return `${asked} is not yet checked: the look at ${looks} did not answer in time; a check is queued, ask again later.`;
  }
  if (check !== undefined && check.brand === brand) {
    return `${asked} was last checked at ${check.checkedAt}, too long ago to rely on; a new check is queued, ask again later or with external=true.`;
  }
  return `${asked} is not yet checked (its certificate, RDAP registrant and nameservers); a check is queued, ask again later or with external=true.`;
}

function registrableOf(host: string): string {
  return getDomain(host, TLDTS_OPTIONS) ?? host;
}

function isShared(host: string): boolean {
  return SHARED_NAMESERVERS.some((shared) => host === shared || host.endsWith(`.${shared}`));
}

function listed(names: readonly string[]): string {
  const shown = names.slice(0, NAMES_SHOWN).join(', ');
  return names.length > NAMES_SHOWN ? `${shown} and ${names.length - NAMES_SHOWN} more` : shown;
}

function ageSeconds(instant: string, now: Date): number {
  const at = Date.parse(instant);
  return Number.isNaN(at) ? Number.POSITIVE_INFINITY : (now.getTime() - at) / 1000;
}
