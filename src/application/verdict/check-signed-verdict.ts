import { inject, injectable } from 'inversify';
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
  ) {}

  async run(jws: string, jwks?: unknown): Promise<VerdictCheck> {
    const token = jws.trim();
    if (token === '' || token.length > MAX_JWS_CHARS) throw new AppError('VALIDATION_ERROR', 'the file does not hold a signed answer (a compact JWS of three dot-separated parts)');
    if (jwks !== undefined && !isJwks(jwks)) throw new AppError('VALIDATION_ERROR', 'the JWKS file is not a JSON object with a "keys" array');
    return this.verifier.verify(token, jwks ?? (await this.signer.publicJwks()), this.clock.now());
  }
}

function isJwks(value: unknown): value is { keys: object[] } {
  return typeof value === 'object' && value !== null && Array.isArray((value as { keys?: unknown }).keys);
}
