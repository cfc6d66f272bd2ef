import { type DomainName, parseDomainName } from '../domain-name.js';
import { BrandCatalog } from './brand-catalog.js';
import { judgeBrand, LookalikeDetector } from './lookalike.js';
import { withPopularity } from './popular-finding.js';
import { type Popularity, popularStanding } from './popularity.js';
import type { BrandFinding, ExternalObservations, Failure, RegistryInput, TlsObservation } from './trust-inputs.js';
import { assessTrust, type TrustAssessment } from './trust-score.js';

/** What a caller knows of a counterparty besides its name; every fact is optional, and a missing one is "not looked at". */
export interface CounterpartyFacts {
  /** What a registry says of the name (default: not verified). */
  readonly registry?: RegistryInput;
  /** When the registrable domain was registered (ISO 8601, from RDAP), or the failed look. */
  readonly registeredAt?: string | null | Failure;
  /** A TLS handshake with the host, or the failed look. */
  readonly tls?: TlsObservation | null | Failure;
  /** DNS blocklists, SPF, DMARC and the readiness of a scan, or the failed look. */
  readonly external?: ExternalObservations | null | Failure;
  /** The registrable domain's place in a popularity list (the service ships one): a popular name is no lookalike of a less popular brand. */
  readonly popularity?: Popularity;
  /** The name in Unicode, when it is an internationalized name, for the look-alike character check. */
  readonly unicodeName?: string;
}

/** The answer for a counterparty: its normalized name, its brand finding, and the trust assessment with the agent guidance. */
export type CounterpartyCheck =
  | { readonly ok: true; readonly domain: DomainName; readonly brand: BrandFinding; readonly assessment: TrustAssessment }
  | { readonly ok: false; readonly reason: string };

let standardDetector: LookalikeDetector | undefined;

/**
 * The common question in one call: how far to trust `name` at `now`, given the facts the caller
 * has. Parses the name (a malformed one answers `ok: false` with the reason), judges it against the
 * built-in brand catalog (or `detector`'s), lets a popularity standing clear it as the service
 * does, and scores it: `assessment.agent_guidance.action` is PROCEED, CAUTION, FLAG or BLOCK, as
 * the service's `GET /verify/{name}?signals=true` would answer with the same facts. Pure: it looks
 * at nothing itself.
 */
export function checkCounterparty(name: string, facts: CounterpartyFacts, now: Date, detector?: LookalikeDetector): CounterpartyCheck {
  const parsed = parseDomainName(name);
  if (!parsed.ok) return { ok: false, reason: parsed.reason };
  const domain = parsed.name;
  const judge = detector ?? (standardDetector ??= new LookalikeDetector(BrandCatalog.standard()));
  const registeredAt = facts.registeredAt ?? null;
  const standing = popularStanding(facts.popularity, typeof registeredAt === 'string' ? registeredAt : null);
  const brand = withPopularity(judgeBrand(domain, judge, facts.unicodeName), standing);
  const assessment = assessTrust(
    { registry: facts.registry ?? { kind: 'not_verified' }, brand, registeredAt, tls: facts.tls ?? null, external: facts.external ?? null },
    now,
  );
  return { ok: true, domain, brand, assessment };
}
