import type { VerifyOutcome } from '../verdict/verify-domain.js';

/** What a badge says: Vetted's words only, never text a site chose. */
export interface BadgeText {
  /** The right half: `ready 85`, `limited 40`, `not yet observed`, `nothing observed`, `report out of date`, `blocked`. */
  readonly message: string;
  readonly tone: 'good' | 'warn' | 'bad' | 'none';
  /** The accessible name, a full sentence. */
  readonly title: string;
}

/** What the badge of a domain says, from a verify outcome: readiness and score, or why there is none. */
export function badgeText(outcome: VerifyOutcome): BadgeText {
  const domain = outcome.verdict.domain;
  if (outcome.verdict.kind === 'blocked') return { message: 'blocked', tone: 'bad', title: `Vetted: ${domain} is blocked` };
  const readiness = outcome.readiness;
  // "unknown 0" would read as a judgement: a badge with nothing observed behind it says so.
  if (readiness.scannedAt === null) return { message: 'not yet observed', tone: 'none', title: `Vetted: ${domain} has not been observed yet` };
  if (readiness.value === 'unknown' || readiness.score === null) {
    const why = readiness.freshness === 'expired' ? 'its latest report is too old to rely on' : 'the site could not be reached';
    return {
      message: readiness.freshness === 'expired' ? 'report out of date' : 'nothing observed',
      tone: 'none',
      title: `Vetted: nothing is observed of ${domain} now: ${why}, scanned ${readiness.scannedAt}`,
    };
  }
  const tone = readiness.value === 'ready' ? 'good' : 'warn';
  return {
    message: `${readiness.value} ${readiness.score}`,
    tone,
    title: `Vetted: ${domain} is ${readiness.value}, score ${readiness.score} of 100, scanned ${readiness.scannedAt}`,
  };
}
