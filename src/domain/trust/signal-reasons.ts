import type { SignalBase } from './signal-base.js';

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

/** A signal's name with what it scored and, when it lost points, why in a few words. */
interface Shortfall {
  readonly name: string;
  readonly lost: number;
  readonly text: string;
}

/**
 * The guidance reason for a score below PROCEED: the score and level, then the signals that held it
 * down, most points lost first, each with its score and why (`not observed`, an error code, or the
 * finding). Example: "Trust score 45 of 100 (LOW). Held down by: brand 0 of 20 (not a catalog
 * brand), external 0 of 15 (not observed), registry 30 of 40 (level verified)."
 */
export function heldDownReason(score: number, level: string, signals: Readonly<Record<string, SignalBase>>): string {
  const shortfalls: Shortfall[] = [];
  for (const [name, signal] of Object.entries(signals)) {
    if (signal.score >= signal.max) continue;
    shortfalls.push({ name, lost: signal.max - signal.score, text: `${name} ${signal.score} of ${signal.max} (${whyShort(name, signal as SignalBase & Record<string, unknown>)})` });
  }
  shortfalls.sort((a, b) => b.lost - a.lost);
  const held = shortfalls.length > 0 ? ` Held down by: ${shortfalls.map((s) => s.text).join(', ')}.` : '';
  return `Trust score ${score} of 100 (${level}).${held}`;
}

function whyShort(name: string, signal: SignalBase & Record<string, unknown>): string {
  if (!signal.observed) return signal.error ? `not observed: ${signal.error}` : 'not observed';
  if (signal.error) return signal.error;
  switch (name) {
    case 'registry':
      return signal.verified ? `level ${String(signal.level)}` : 'not a verified entity';
    case 'brand':
      return signal.lookalike_of ? `imitates ${String(signal.lookalike_of)}` : 'not a catalog brand';
    case 'domain_age':
      return `registered ${String(signal.years)} full year${signal.years === 1 ? '' : 's'} ago`;
    case 'ssl':
      return 'certificate not valid';
    default:
      return 'some checks failed or found nothing';
  }
}
