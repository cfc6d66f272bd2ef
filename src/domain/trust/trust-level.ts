import type { TrustLevel } from './agent-guidance.js';

/** The lowest trust score of each level, as the contract's ranges give them (0-24 is NONE). */
export const TRUST_LEVEL_MIN_SCORES: Readonly<Record<TrustLevel, number>> = {
  VERY_HIGH: 90,
  HIGH: 70,
  MEDIUM: 50,
  LOW: 25,
  NONE: 0,
};

/**
 * The trust level of a score: VERY_HIGH 90-100, HIGH 70-89, MEDIUM 50-69, LOW 25-49, NONE 0-24.
 * Scores are whole numbers; anything below 25 (or not a number) is NONE.
 */
export function trustLevelFor(score: number): TrustLevel {
  if (score >= TRUST_LEVEL_MIN_SCORES.VERY_HIGH) return 'VERY_HIGH';
  if (score >= TRUST_LEVEL_MIN_SCORES.HIGH) return 'HIGH';
  if (score >= TRUST_LEVEL_MIN_SCORES.MEDIUM) return 'MEDIUM';
  if (score >= TRUST_LEVEL_MIN_SCORES.LOW) return 'LOW';
  return 'NONE';
}
