import type { RandomTokens } from '../../src/application/ports/random-tokens.js';

/** Predictable "random" tokens: tok000000000000000000001, tok000000000000000000002, … */
export class SequentialTokens implements RandomTokens {
  private n = 0;

  token(): string {
    this.n += 1;
    return `tok${String(this.n).padStart(21, '0')}`;
  }
}
