/**
 * Keeps the service's report-signing private key, so that every instance sharing the database
 * signs with the same key across restarts. Adapters: KnexSigningKeyStore.
 */
export interface SigningKeyStore {
  /** The stored key (PKCS#8 PEM), or undefined when none was stored yet. */
  load(): Promise<string | undefined>;
  /**
   * Stores `pem` unless a key is already stored, and returns the key that is stored now: when two
   * instances start at once, both end up with the first one's key.
   */
  saveIfAbsent(pem: string): Promise<string>;
}
export const SigningKeyStore = Symbol('SigningKeyStore');
