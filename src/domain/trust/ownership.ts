/** The kinds of evidence that a name resembling a brand belongs to that brand. */
export const OWNERSHIP_EVIDENCE_KINDS = ['tls_certificate', 'registrant', 'nameservers'] as const;
export type OwnershipEvidenceKind = (typeof OWNERSHIP_EVIDENCE_KINDS)[number];

/** One piece of ownership evidence: its kind and what was seen, in words. */
export interface OwnershipEvidence {
  readonly kind: OwnershipEvidenceKind;
  readonly detail: string;
}

/** The looks an ownership check makes: the served certificate, RDAP registrants, the NS records. */
export type OwnershipLook = 'tls' | 'rdap' | 'dns';

/** A stored ownership check of one name against the brand it resembles. Instants are ISO 8601 UTC. */
export interface OwnershipCheck {
  /** The name checked, as verify parsed it. */
  readonly domain: string;
  /** The main domain of the brand it was checked against. */
  readonly brand: string;
  readonly checkedAt: string;
  /** What shows that the brand owns the name; empty when nothing does. */
  readonly evidence: readonly OwnershipEvidence[];
  /** Looks that did not answer (a check is stored without them only after its last try). */
  readonly unanswered: readonly OwnershipLook[];
}

/** What the brand signal says of a lookalike's ownership. */
export type OwnershipFinding =
  | { readonly status: 'owned'; readonly checkedAt: string; readonly evidence: readonly OwnershipEvidence[] }
  | { readonly status: 'not_owned'; readonly checkedAt: string }
  | { readonly status: 'not_checked'; readonly reason: string };
