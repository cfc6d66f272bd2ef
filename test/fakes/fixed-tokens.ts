import type { RandomTokens } from '../../src/application/ports/random-tokens.js';

/** Predictable "random" tokens: tok0000000000000001, tok0000000000000002, … */
export class SequentialTokens implements RandomTokens {
  private n = 0;

  token(): string {
    this.n += 1;
    return `tok${String(this.n).padStart(16, '0')}`;
  }
}
