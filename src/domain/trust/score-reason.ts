import type { ExternalSignal } from './external-signal.js';
import type { SignalBase } from './signal-base.js';
import { SIGNAL_MAX, type TrustSignals } from './trust-signals.js';

/** A signal as the reason reads it: its score, maximum, whether it was observed, and its own fields. */
type AnySignal = SignalBase & Record<string, unknown>;

/**
 * The guidance reason for a score below PROCEED, in three parts a program can tell apart:
 * - `Held down by:` the observed signals below their maximum, most points lost first, each with its
 *   score and why (a signal at its maximum is never listed);
 * - `Not looked at:` the signals with no observation to score (see unobservedSegment), which score
 *   0 until looked at and say nothing about the site;
 * - `What would raise it:` what the owner, or time, can change (see raiseSegment).
 * Example: "Trust score 45 of 100 (LOW). Held down by: brand 0 of 20 (not a catalog brand),
 * registry 30 of 40 (level verified). Not looked at: external (timeout), 0 of 15. What would raise
 * it: the enterprise verification level (registry, up to 10 points)."
 */
export function scoreReason(score: number, level: string, signals: TrustSignals): string {
  const entries = Object.entries(signals) as Array<[string, AnySignal]>;
  const held = entries
    .filter(([, signal]) => signal.observed && signal.score < signal.max)
    .sort(([, a], [, b]) => b.max - b.score - (a.max - a.score))
    .map(([name, signal]) => `${name} ${signal.score} of ${signal.max} (${whyShort(name, signal)})`);
  const parts = [`Trust score ${score} of 100 (${level}).`];
  if (held.length > 0) parts.push(`Held down by: ${held.join(', ')}.`);
  const unobserved = unobservedSegment(signals);
  if (unobserved !== '') parts.push(unobserved);
  const raise = raiseSegment(signals);
  if (raise !== '') parts.push(raise);
  return parts.join(' ');
}

/**
 * The "Not looked at:" sentence of scoreReason: each signal with no observation to score, with the
 * error of its last look when it failed, and the points they stand for. Empty when every signal was
 * observed. withEvidence replaces it with its own account of the looks.
 */
export function unobservedSegment(signals: TrustSignals): string {
  const unobserved = (Object.entries(signals) as Array<[string, AnySignal]>).filter(([, signal]) => !signal.observed);
  if (unobserved.length === 0) return '';
  const names = unobserved.map(([name, signal]) => (signal.error && signal.error !== 'stale' ? `${name} (${signal.error})` : name));
  const points = unobserved.reduce((sum, [, signal]) => sum + signal.max, 0);
  return `Not looked at: ${names.join(', ')}, 0 of ${points} until looked at.`;
}

/**
 * The "What would raise it:" sentence of scoreReason: for each observed signal below its maximum,
 * what would earn its points (registering and proving control, a higher level, a valid certificate,
 * mail records, a ready scan, removal from a blocklist, or time), with the points at stake. A signal
 * no action can raise (the brand points of a name that is no catalog brand) is left out. Empty when
 * nothing can be raised.
 */
export function raiseSegment(signals: TrustSignals): string {
  const ways = [registryWay(signals.registry), ageWay(signals.domain_age), sslWay(signals.ssl), ...externalWays(signals.external)].filter(
    (way): way is string => way !== null,
  );
  return ways.length === 0 ? '' : `What would raise it: ${ways.join('; ')}.`;
}

function registryWay(signal: TrustSignals['registry']): string | null {
  if (!signal.observed || signal.score >= signal.max || signal.error === 'blocked') return null;
  const gap = signal.max - signal.score;
  if (signal.error === 'expired') return `renewing the registry verification (registry, up to ${gap} points)`;
  if (!signal.verified) return `registering the domain with Vetted and proving control of it (registry, up to ${gap} points)`;
  return `a higher verification level (registry, up to ${gap} points)`;
}

function ageWay(signal: TrustSignals['domain_age']): string | null {
  if (!signal.observed || signal.score >= signal.max || signal.years === null) return null;
  return `time: one point for each full year of registration, up to ${SIGNAL_MAX.domain_age} (domain_age, now ${signal.years})`;
}

function sslWay(signal: TrustSignals['ssl']): string | null {
  if (!signal.observed || signal.score >= signal.max) return null;
  return `a valid, unexpired certificate for this name on port 443 (ssl, ${signal.max} points)`;
}

function externalWays(signal: ExternalSignal): string[] {
  const checks = signal.checks;
  if (!signal.observed || signal.score >= signal.max || checks === null) return [];
  if ('listed' in checks.blocklists && checks.blocklists.listed) {
    return [
      `removal from the DNS blocklist${checks.blocklists.listed_on.length > 1 ? 's' : ''} ${checks.blocklists.listed_on.join(', ')} (external, up to ${signal.max} points)`,
    ];
  }
  const ways: string[] = [];
  if ('published' in checks.spf && !checks.spf.published) ways.push(`an SPF record (external, ${checks.spf.max} points)`);
  if ('published' in checks.dmarc && !checks.dmarc.published) ways.push(`a DMARC record (external, ${checks.dmarc.max} points)`);
  if ('value' in checks.readiness && checks.readiness.value !== 'ready') {
    ways.push(`a scan of the site that is ready (external, up to ${checks.readiness.max - checks.readiness.score} points)`);
  }
  return ways;
}

function whyShort(name: string, signal: AnySignal): string {
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
    case 'external':
      return externalWhy(signal as unknown as ExternalSignal);
    default:
      return 'below its maximum';
  }
}

/** The external checks that earned less than their points, in a few words each: "no SPF, scan unknown". */
function externalWhy(signal: ExternalSignal): string {
  const checks = signal.checks;
  if (checks === null) return 'not run';
  const words: string[] = [];
  const { blocklists, spf, dmarc, readiness } = checks;
  if ('error' in blocklists) words.push(`blocklists ${blocklists.error}`);
  if ('error' in spf) words.push(`SPF ${spf.error}`);
  else if (!spf.published) words.push('no SPF');
  if ('error' in dmarc) words.push(`DMARC ${dmarc.error}`);
  else if (!dmarc.published) words.push('no DMARC');
  if ('error' in readiness) words.push(`scan ${readiness.error}`);
  else if (readiness.value !== 'ready') words.push(`scan ${readiness.value}`);
  return words.length > 0 ? words.join(', ') : 'below its maximum';
}
