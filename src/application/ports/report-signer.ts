/** A detached signature over a report's content. */
export interface ReportSignature {
  /** Hex SHA-256 of the RFC 8785 (JCS) serialization of the signed content. */
  readonly contentSha256: string;
  readonly algorithm: 'Ed25519';
  /** The JWK thumbprint (RFC 7638) of the public key, as published in the JWKS. */
  readonly keyId: string;
  /** Base64url Ed25519 signature over the 32 digest bytes. */
  readonly value: string;
}

/**
 * Signs report content and verdicts so that an agent can check offline, against the published JWKS, that a
 * report came from this service unaltered. Adapters: Ed25519ReportSigner. Fake: a fixed-key signer.
 */
export interface ReportSigner {
  /** Signs a JSON-serializable object (no undefined, no non-finite numbers). */
  sign(content: object): Promise<ReportSignature>;
  /**
   * Signs JWT claims as a compact JWS (RFC 7515) with the same key: protected header
   * `{ alg: 'EdDSA', typ: 'JWT', kid }`, the claims as the payload, so any JOSE library can check
   * it against the published JWKS.
   */
  signCompactJws(claims: object): Promise<string>;
  /**
   * Signs `text` (ending in a newline) as a C2SP signed note with the same key, named `keyName`
   * (the note key id computed from the name and the public key, as the signed-note spec says).
   */
  signNote(text: string, keyName: string): Promise<string>;
  /** The signed-note verifier key of that key under `keyName`: `<name>+<key id hex>+<base64(0x01 || key)>`. */
  noteVerifierKey(keyName: string): Promise<string>;
  /** The public keys as a JWKS document: `{ keys: [{ kty: 'OKP', crv: 'Ed25519', x, kid, use: 'sig', alg: 'EdDSA' }] }`. */
  publicJwks(): Promise<{ keys: object[] }>;
}
export const ReportSigner = Symbol('ReportSigner');
