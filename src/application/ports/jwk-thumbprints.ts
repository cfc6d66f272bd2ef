/**
 * RFC 7638 JWK thumbprints (SHA-256, base64url) of keys a site publishes: what the key facts of an
 * entity are compared by. Adapter: JoseJwkThumbprints (jose's calculateJwkThumbprint).
 */
export interface JwkThumbprints {
  /** The thumbprint of `jwk`, or undefined when it is not a public key of a known type (kty OKP, EC or RSA with its members). */
  thumbprint(jwk: Readonly<Record<string, unknown>>): Promise<string | undefined>;
}
export const JwkThumbprints = Symbol('JwkThumbprints');
