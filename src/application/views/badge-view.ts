import type { VerifyOutcome } from '../verdict/verify-domain.js';

/** What a badge says: Vetted's words only, never text a site chose. */
export interface BadgeText {
  /** The right half: `ready 85`, `limited 40`, `not scanned`, `blocked`. */
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
  if (readiness.score === null) return { message: 'not scanned', tone: 'none', title: `Vetted: ${domain} has not been scanned` };
  const tone = readiness.value === 'ready' ? 'good' : readiness.value === 'limited' ? 'warn' : 'none';
  return {
    message: `${readiness.value} ${readiness.score}`,
    tone,
    title: `Vetted: ${domain} is ${readiness.value}, score ${readiness.score} of 100, scanned ${readiness.scannedAt}`,
  };
}
