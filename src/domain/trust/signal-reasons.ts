/** The signals whose observations can be missing, failed or too old. */
export type ObservedSignal = 'domain_age' | 'ssl' | 'external';

const WHAT: Readonly<Record<ObservedSignal, string>> = {
  domain_age: "the domain's registration date (RDAP)",
  ssl: "the site's TLS certificate",
  external: 'the reputation checks (DNS blocklists, SPF, DMARC)',
};

const LOOK_NOW = 'ask again with external=true to look now';

/**
 * Why `signal` is not observed, in words an agent can pass on: nothing stored (`error` undefined),
 * an observation too old to score (`stale`, with the instant it was made), or a lookup that failed
 * (`timeout` or another short code). Built from codes only, never from what a remote server said.
 */
export function unobservedReason(signal: ObservedSignal, error: string | undefined, observedAt?: string): string {
  const what = WHAT[signal];
  if (error === undefined) {
    const none = signal === 'ssl' ? 'the name has no reachable scan and no live check is stored' : 'no observation is stored for this name';
    return `Not observed: ${none}; ${LOOK_NOW}.`;
  }
  if (error === 'stale') return `Not observed: the last look at ${what}${observedAt ? `, at ${observedAt},` : ''} is too old to score; ${LOOK_NOW}.`;
  if (error === 'timeout') return `Not observed: looking up ${what} did not finish within the deadline.`;
  if (error === 'not_configured') return `Not observed: no DNS blocklist is configured, and no other check answered.`;
  return `Not observed: looking up ${what} failed (${error}).`;
}
