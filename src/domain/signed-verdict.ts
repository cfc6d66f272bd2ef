/** The shortest life a signed verdict gets, so that an answer never cached is not expired when issued. */
export const MIN_SIGNED_VERDICT_SECONDS = 60;

/** The JWT claims of a signed verify answer: who said it, about what, when, until when, and the answer itself. */
export interface VerdictClaims {
  readonly iss: string;
  readonly sub: string;
  readonly iat: number;
  readonly exp: number;
  readonly [field: string]: unknown;
}

/**
 * The claims of a verify answer signed as a JWT: the answer's own fields, then `iss` (the
 * service's base URL), `sub` (the domain), `iat` and `exp` in seconds since the epoch. `exp` is
 * the answer's cache lifetime after `iat`, at least MIN_SIGNED_VERDICT_SECONDS. The registered
 * claims come last, so an answer field can never overwrite them.
 */
export function verdictClaims(answer: Readonly<Record<string, unknown>>, issuer: string, domain: string, issuedAt: Date, cacheSeconds: number): VerdictClaims {
  const iat = Math.floor(issuedAt.getTime() / 1000);
  return { ...answer, iss: issuer, sub: domain, iat, exp: iat + Math.max(MIN_SIGNED_VERDICT_SECONDS, Math.floor(cacheSeconds)) };
}
