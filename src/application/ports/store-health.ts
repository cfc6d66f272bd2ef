/** Whether the database answers now. Adapters: KnexStoreHealth. */
export interface StoreHealth {
  /** Resolves when a trivial query answers within `timeoutMs`; rejects otherwise. */
  check(timeoutMs: number): Promise<void>;
}
export const StoreHealth = Symbol('StoreHealth');
