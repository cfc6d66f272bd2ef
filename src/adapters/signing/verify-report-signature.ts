import { createPublicKey, verify } from 'node:crypto';
import type { ReportSignature } from '../../application/ports/report-signer.js';
import { contentDigest } from './content-digest.js';
import { jwkThumbprint } from './ed25519-public-jwk.js';

// 64 signature bytes in unpadded base64url; Buffer.from would silently skip stray characters.
const SIGNATURE_VALUE = /^[A-Za-z0-9_-]{86}$/;

/**
 * What an agent does offline with a report, its signature and the service's JWKS: picks the key
 * whose kid is the signature's keyId (and is that key's RFC 7638 thumbprint), re-serializes the
 * content with RFC 8785 (JCS), hashes it with SHA-256 and checks the Ed25519 signature over those
 * 32 bytes. True only when all of that holds; false, never an exception, for anything malformed.
 */
export function verifyReportSignature(content: unknown, signature: ReportSignature, jwks: { readonly keys: readonly object[] }): boolean {
  try {
    if (signature.algorithm !== 'Ed25519' || !SIGNATURE_VALUE.test(signature.value)) return false;
    const x = findKey(jwks.keys, signature.keyId);
    if (x === undefined) return false;
    const digest = contentDigest(content);
    if (digest.toString('hex') !== signature.contentSha256) return false;
    const publicKey = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x }, format: 'jwk' });
    return verify(null, digest, publicKey, Buffer.from(signature.value, 'base64url'));
  } catch {
    return false;
  }
}

/** The `x` of the Ed25519 key published under `kid`, when its thumbprint matches. */
function findKey(keys: readonly object[], kid: string): string | undefined {
  for (const key of keys) {
    const k = key as { kty?: unknown; crv?: unknown; x?: unknown; kid?: unknown };
    if (k.kty !== 'OKP' || k.crv !== 'Ed25519' || typeof k.x !== 'string' || k.kid !== kid) continue;
    if (jwkThumbprint(k.x) === kid) return k.x;
  }
  return undefined;
}
