import { injectable } from 'inversify';
import { createLocalJWKSet, errors, jwtVerify, type JSONWebKeySet } from 'jose';
import type { VerdictCheck, VerdictVerifier } from '../../application/ports/verdict-verifier.js';

/** Checks signed verdicts with jose (RFC 7515/7519): EdDSA only, against a local JWKS, at the given instant. */
@injectable()
export class JoseVerdictVerifier implements VerdictVerifier {
  async verify(jws: string, jwks: { keys: object[] }, now: Date): Promise<VerdictCheck> {
    try {
      const keys = createLocalJWKSet(jwks as JSONWebKeySet);
      const { payload, protectedHeader } = await jwtVerify(jws.trim(), keys, { algorithms: ['EdDSA'], currentDate: now, typ: 'JWT' });
      return { valid: true, claims: payload, keyId: protectedHeader.kid ?? '' };
    } catch (error) {
      return { valid: false, reason: reasonOf(error) };
    }
  }
}

function reasonOf(error: unknown): string {
  if (error instanceof errors.JWTExpired) return 'the signed answer has expired (its exp is past)';
  if (error instanceof errors.JWSSignatureVerificationFailed) return 'the signature does not match: the answer was altered or signed with another key';
  if (error instanceof errors.JWKSNoMatchingKey) return 'no key of the JWKS matches the kid of the signature';
  if (error instanceof errors.JWTClaimValidationFailed) return `a claim is not valid (${error.claim})`;
  if (error instanceof errors.JOSEAlgNotAllowed) return 'the signature does not use EdDSA';
  if (error instanceof errors.JWSInvalid || error instanceof errors.JWTInvalid) return 'this is not a compact JWS signed answer';
  return `the signed answer cannot be checked (${(error as Error).message})`;
}
