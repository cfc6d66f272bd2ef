import { expect } from 'chai';
import { TRUST_LEVELS } from '../../../../src/domain/trust/agent-guidance.js';
import { TRUST_LEVEL_MIN_SCORES, trustLevelFor } from '../../../../src/domain/trust/trust-level.js';

describe('trust levels', () => {
  const cases: readonly (readonly [number, string])[] = [
    [0, 'NONE'],
    [24, 'NONE'],
    [25, 'LOW'],
    [49, 'LOW'],
    [50, 'MEDIUM'],
    [69, 'MEDIUM'],
    [70, 'HIGH'],
    [89, 'HIGH'],
    [90, 'VERY_HIGH'],
    [100, 'VERY_HIGH'],
  ];
  for (const [score, level] of cases) {
    it(`gives ${level} for a score of ${score}`, () => {
      expect(trustLevelFor(score)).to.equal(level);
    });
  }

  it('has a floor for every level, descending in the order of TRUST_LEVELS', () => {
    const floors = TRUST_LEVELS.map((level) => TRUST_LEVEL_MIN_SCORES[level]);
    expect(floors).to.deep.equal([90, 70, 50, 25, 0]);
  });
});
