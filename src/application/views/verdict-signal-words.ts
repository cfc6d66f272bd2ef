/** The signals' names as a person reads them, in the order of the answer. */
export const SIGNAL_TITLES: Readonly<Record<string, string>> = {
  registry: 'Registry',
  brand: 'Brand',
  domain_age: 'Domain age',
  ssl: 'TLS certificate',
  external: 'Reputation checks',
};

/** What each looked-at signal is, inside a sentence ("We have not looked at … yet"). */
export const LOOKED_AT_WORDS: Readonly<Record<string, string>> = {
  domain_age: "the domain's registration date",
  ssl: 'its TLS certificate',
  external: 'its reputation (DNS blocklists, SPF, DMARC)',
};

/** `items` joined as a person lists them: "a", "a and b", "a, b and c". */
export function inWords(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/**
 * What a signal found, in words for a person: its own reason when it found something, and for a
 * look not made yet, pending or too old, words that name no request parameter (the page offers
 * "Look now" instead).
 */
export function signalWords(name: string, s: Record<string, unknown>, retryAfterSeconds: number | undefined): string {
  if (s.pending === true)
    return retryAfterSeconds !== undefined ? `Being looked at now: the result should be here within ${retryAfterSeconds} seconds.` : 'Being looked at now.';
  if (s.observed === false && s.error === undefined) return 'Not looked at yet, so it counts 0.';
  if (s.observed === false && s.error === 'stale') return 'The last look is too old to count, so it counts 0: look again.';
  if (typeof s.reason === 'string') return s.reason;
  switch (name) {
    case 'registry':
      return s.verified ? `A registered entity vouches for the name (level ${String(s.level)}).` : 'No registered entity vouches for the name.';
    case 'brand':
      if (typeof s.lookalike_of === 'string')
        return `Looks like ${s.lookalike_of}${typeof s.lookalike_brand === 'string' && s.lookalike_brand !== s.lookalike_of ? `, a domain of ${s.lookalike_brand}` : ''}, and no evidence shows the brand owns it.`;
      if (s.known_brand) return `A domain of a known brand${typeof s.owned_by === 'string' ? `, ${s.owned_by}` : ''}.`;
      return 'Not a known brand, and not like one.';
    case 'domain_age':
      return typeof s.years === 'number' ? `Registered ${s.years} full year${s.years === 1 ? '' : 's'} ago.` : 'Registration date not known.';
    case 'ssl':
      return s.valid
        ? `A valid certificate${typeof s.days_to_expiry === 'number' ? `, ${s.days_to_expiry} days before it expires` : ''}.`
        : 'No valid certificate.';
    default:
      return externalWords(s.checks as Record<string, Record<string, unknown>> | null | undefined);
  }
}

function externalWords(checks: Record<string, Record<string, unknown>> | null | undefined): string {
  if (!checks) return 'Not looked at yet, so it counts 0.';
  const parts: string[] = [];
  const lists = checks.blocklists;
  if (lists)
    parts.push(
      lists.error === 'not_configured'
        ? 'no DNS blocklist is configured here'
        : typeof lists.error === 'string'
          ? `the blocklists did not answer (${lists.error})`
          : lists.listed
            ? `listed on ${(lists.listed_on as string[]).join(', ')}`
            : 'on no DNS blocklist',
    );
  for (const [key, label] of [
    ['spf', 'SPF'],
    ['dmarc', 'DMARC'],
  ] as const) {
    const check = checks[key];
    if (check)
      parts.push(typeof check.error === 'string' ? `${label} did not answer (${check.error})` : check.published ? `${label} published` : `no ${label} record`);
  }
  const text = parts.join('; ');
  return parts.length > 0 ? `${text.charAt(0).toUpperCase()}${text.slice(1)}.` : 'Checked.';
}
