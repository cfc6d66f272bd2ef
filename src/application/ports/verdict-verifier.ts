/** What checking a signed verdict found. */
export type VerdictCheck =
  | { readonly valid: true; readonly claims: Readonly<Record<string, unknown>>; readonly keyId: string }
  | { readonly valid: false; readonly reason: string };

/**
 * Checks a compact JWS verdict against a JWKS at an instant: the EdDSA signature by the key its
 * `kid` names, and `exp` (and `iat`, `nbf` when present). Never throws for a bad token: the
 * reason says what is wrong in words a person understands. Adapters: JoseVerdictVerifier.
 */
export interface VerdictVerifier {
  verify(jws: string, jwks: { keys: object[] }, now: Date): Promise<VerdictCheck>;
}
export const VerdictVerifier = Symbol('VerdictVerifier');
