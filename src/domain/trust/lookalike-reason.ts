import type { BrandFinding, LookalikeRule } from './trust-inputs.js';

// The rules that find a brand's label under another suffix or with a word added: names brands often
// register themselves (barclays.fr, aboutamazon.de) as well as names others register to imitate them.
const OWN_NAME_RULES: ReadonlySet<LookalikeRule> = new Set(['suffix', 'contained']);

/**
 * The guidance reason of a lookalike finding. A brand's label under another suffix or with a word
 * added is told as what it is: possibly the brand's own domain, possibly an impersonation, with what
 * is known of its ownership (being checked, or checked and not shown). Every other rule (a typo, a
 * homoglyph, a lure word) is a possible impersonation.
 */
export function lookalikeReason(finding: BrandFinding): string {
  const why = finding.reason ?? '';
  const brand = finding.lookalikeOf;
  if (brand === null) return `Possible impersonation: ${why}`;
  if (finding.rule === null || finding.rule === undefined || !OWN_NAME_RULES.has(finding.rule)) return `Possible impersonation of ${brand}: ${why}`;
  const lead = `Possibly ${brand}'s own domain, possibly an impersonation of it: ${why}`;
  switch (finding.ownership?.status) {
    case 'not_owned':
      return `${lead} The check at ${finding.ownership.checkedAt} found nothing tying it to ${brand} (certificate, registrant, nameservers): treat it as a possible impersonation.`;
    case 'not_checked':
      return `${lead} Whether ${brand} owns it is being checked (a shared certificate, the same registrant, ${brand}'s nameservers); until that evidence is stored, no better than FLAG.`;
    default:
      return `${lead} Until evidence shows ${brand} owns it, no better than FLAG.`;
  }
}
