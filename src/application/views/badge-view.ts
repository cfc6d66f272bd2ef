import type { VerifyOutcome } from '../verify-domain.js';

/** What the badge of a domain says, from a verify outcome: readiness and score, or why there is none. Vetted's words only. */
export function badgeText(outcome: VerifyOutcome): { readonly message: string; readonly tone: 'good' | 'warn' | 'bad' | 'none'; readonly title: string } {
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
