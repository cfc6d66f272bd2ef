/** Unguessable random strings for ids and secrets. Adapters: CryptoRandomTokens. Fake: SequentialTokens. */
export interface RandomTokens {
  /** `bytes` of cryptographic randomness as base64url (no padding); 16 bytes give 128 bits. */
  token(bytes?: number): string;
}
export const RandomTokens = Symbol('RandomTokens');
