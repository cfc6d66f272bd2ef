import { inject, injectable } from 'inversify';
import { checkLogClaim, type LogInclusion } from '../log/log-claim-check.js';
import { LogCrypto } from '../ports/log-crypto.js';
import { AppError } from '../errors.js';
import { Clock } from '../ports/clock.js';
import { ReportSigner } from '../ports/report-signer.js';
import { VerdictVerifier, type VerdictCheck } from '../ports/verdict-verifier.js';

const MAX_JWS_CHARS = 256 * 1024;

/**
 * `vetted verify-signature`: checks a signed verify answer offline, against a given JWKS (as
 * fetched earlier from /.well-known/jwks.json) or else this deployment's own public key, now.
 */
@injectable()
export class CheckSignedVerdict {
  constructor(
    @inject(VerdictVerifier) private readonly verifier: VerdictVerifier,
    @inject(ReportSigner) private readonly signer: ReportSigner,
    @inject(Clock) private readonly clock: Clock,
    @inject(LogCrypto) private readonly crypto?: LogCrypto,
  ) {}

  /**
   * With `checkpoint` (a signed checkpoint of the transparency log, as /log/checkpoint serves it),
   * also checks the verdict's `log` claim: the checkpoint's signature by the same keys, and the
   * inclusion of the leaf the verdict names in the checkpoint's tree (see checkLogClaim).
   */
  async run(jws: string, jwks?: unknown, checkpoint?: string): Promise<VerdictCheck & { readonly log?: LogInclusion }> {
    const token = jws.trim();
    if (token === '' || token.length > MAX_JWS_CHARS)
      throw new AppError('VALIDATION_ERROR', 'the file does not hold a signed answer (a compact JWS of three dot-separated parts)');
    if (jwks !== undefined && !isJwks(jwks)) throw new AppError('VALIDATION_ERROR', 'the JWKS file is not a JSON object with a "keys" array');
    const keys = jwks ?? (await this.signer.publicJwks());
    const check = await this.verifier.verify(token, keys, this.clock.now());
    if (!check.valid || checkpoint === undefined) return check;
    if (!this.crypto) throw new Error('checking a log inclusion needs LogCrypto');
    const inclusion = checkLogClaim(check.claims, checkpoint, keys, this.crypto);
    return inclusion.ok ? { ...check, log: inclusion.log } : { valid: false, reason: inclusion.reason };
  }
}

function isJwks(value: unknown): value is { keys: object[] } {
  return typeof value === 'object' && value !== null && Array.isArray((value as { keys?: unknown }).keys);
}
