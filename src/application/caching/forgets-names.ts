/**
 * What a process keeps per name that a write anywhere must make it forget: the read caches
 * (registry records, trust observations, ownership checks) and the API keys. ChangePropagation
 * tells every one bound to FORGETS_NAMES what the change feed reports; a new cache is its class
 * and one binding (useCasesModule).
 */
export interface ForgetsNames {
  /** Forgets what was kept of `names` and their subdomains. */
  forget(names: readonly string[]): void;
  /** Forgets everything: the feed may have missed changes. */
  clear(): void;
}
export const FORGETS_NAMES = Symbol('ForgetsNames');
