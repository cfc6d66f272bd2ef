import { createHash, createPublicKey, verify } from 'node:crypto';
import { injectable } from 'inversify';
import type { LogCrypto } from '../../application/ports/log-crypto.js';

/** LogCrypto on node:crypto: SHA-256, and Ed25519 over a raw public key (as a JWK's `x`). */
@injectable()
export class NodeLogCrypto implements LogCrypto {
  sha256(data: Uint8Array): Uint8Array {
    return new Uint8Array(createHash('sha256').update(data).digest());
  }

  verifyEd25519(publicKey: Uint8Array, message: Uint8Array, signature: Uint8Array): boolean {
    if (publicKey.length !== 32 || signature.length !== 64) return false;
    try {
      const key = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(publicKey).toString('base64url') }, format: 'jwk' });
      return verify(null, message, key, signature);
    } catch {
      return false;
    }
  }
}
