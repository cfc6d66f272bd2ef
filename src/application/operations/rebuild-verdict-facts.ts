import { inject, injectable } from 'inversify';
import { VerdictFacts } from '../ports/verdict-facts.js';

/** `vetted facts rebuild`: recomputes the facts verify reads from the registry's own tables. */
@injectable()
export class RebuildVerdictFacts {
  constructor(@inject(VerdictFacts) private readonly facts: VerdictFacts) {}

  /** The number of names whose facts are now stored. */
  async run(): Promise<number> {
    return this.facts.rebuild();
  }
}
