/** One-way hashing of secrets that must be looked up but never stored. Adapters: Sha256TokenHasher. */
export interface TokenHasher {
  /** Hex SHA-256 of the UTF-8 token. */
  hash(token: string): string;
}
export const TokenHasher = Symbol('TokenHasher');
