/**
 * The per-name facts a verdict is read from (entities, blocks, latest report, observations,
 * ownership), kept by the store beside the tables they come from. The store keeps them current on
 * every write; `rebuild` recomputes them all, for data written around that (a restored dump, a bulk
 * load with triggers off). Adapters: KnexVerdictFacts.
 */
export interface VerdictFacts {
  /** Recomputes every name's facts in one transaction; resolves with the number of names. */
  rebuild(): Promise<number>;
}
export const VerdictFacts = Symbol('VerdictFacts');
