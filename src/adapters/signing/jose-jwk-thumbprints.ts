import { injectable } from 'inversify';
import { calculateJwkThumbprint, type JWK } from 'jose';
import type { JwkThumbprints } from '../../application/ports/jwk-thumbprints.js';

// RFC 7638 §3.2: the members each key type's thumbprint is made of.
const REQUIRED: Readonly<Record<string, readonly string[]>> = { OKP: ['crv', 'x'], EC: ['crv', 'x', 'y'], RSA: ['e', 'n'] };

/** JwkThumbprints with jose: only a key whose required members are strings is hashed; anything else is no key. */
@injectable()
export class JoseJwkThumbprints implements JwkThumbprints {
  async thumbprint(jwk: Readonly<Record<string, unknown>>): Promise<string | undefined> {
    const required = typeof jwk.kty === 'string' ? REQUIRED[jwk.kty] : undefined;
    if (!required?.every((member) => typeof jwk[member] === 'string' && (jwk[member] as string).length <= 2048)) return undefined;
    try {
      return await calculateJwkThumbprint(jwk as JWK, 'sha256');
    } catch {
      return undefined;
    }
  }
}
