import { createHash, createPublicKey, type KeyObject } from 'node:crypto';
import { canonicalJson } from './canonical-json.js';

/** The published form of a report-signing public key, as one entry of the JWKS. */
export interface Ed25519PublicJwk {
  readonly kty: 'OKP';
  readonly crv: 'Ed25519';
  /** The base64url raw public key. */
  readonly x: string;
  /** The RFC 7638 thumbprint of { crv, kty, x }. */
  readonly kid: string;
  readonly use: 'sig';
  readonly alg: 'EdDSA';
}

/** The public JWK of an Ed25519 key (private or public), with its thumbprint as kid. */
export function ed25519PublicJwk(key: KeyObject): Ed25519PublicJwk {
  const jwk = createPublicKey(key).export({ format: 'jwk' });
  if (jwk.kty !== 'OKP' || jwk.crv !== 'Ed25519' || typeof jwk.x !== 'string') throw new Error('Not an Ed25519 key');
  return { kty: 'OKP', crv: 'Ed25519', x: jwk.x, kid: jwkThumbprint(jwk.x), use: 'sig', alg: 'EdDSA' };
}

/** The RFC 7638 thumbprint of an Ed25519 public key: base64url SHA-256 of the JCS of { crv, kty, x }. */
export function jwkThumbprint(x: string): string {
  return createHash('sha256')
    .update(canonicalJson({ crv: 'Ed25519', kty: 'OKP', x }), 'utf8')
    .digest('base64url');
}
