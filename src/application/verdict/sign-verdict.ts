import { inject, injectable } from 'inversify';
import { verdictClaims } from '../../domain/signed-verdict.js';
import { AppConfig } from '../ports/app-config.js';
import { Clock } from '../ports/clock.js';
import { ReportSigner } from '../ports/report-signer.js';
import { AssessTrust } from '../trust/assess-trust.js';
import { VerifyDomain, type VerifyOutcome } from './verify-domain.js';
import { verifyView, type VerifyAnswer } from '../views/registry-view.js';
import { trustView, type TrustAnswer } from '../views/trust-view.js';

/** A verify answer signed so that an agent can keep it and check it offline. */
export interface SignedVerdict {
  /** The answer as the views give it (an expired verification included: `expired` true). */
  readonly answer: VerifyAnswer | TrustAnswer;
  /** The compact JWS of the answer's claims (see verdictClaims). */
  readonly jws: string;
  /** How long the answer may be cached, as for its JSON form. */
  readonly cacheSeconds: number;
}

/**
 * GET /verify/{domain} as a compact JWS (`Accept: application/jose` or `?format=jws`) and the
 * MCP tools verify_domain and check_trust with `format: "jws"`: the same answer as the JSON form,
 * signed with the report-signing Ed25519 key published in /.well-known/jwks.json, with `iat` and
 * an `exp` at the answer's cache lifetime. Reads only, like the unsigned answer.
 */
@injectable()
export class SignVerdict {
  constructor(
    @inject(VerifyDomain) private readonly verifyDomain: VerifyDomain,
    @inject(AssessTrust) private readonly assessTrust: AssessTrust,
    @inject(ReportSigner) private readonly signer: ReportSigner,
    @inject(Clock) private readonly clock: Clock,
    @inject(AppConfig) private readonly config: AppConfig,
  ) {}

  async run(domain: string, options: { signals: boolean; external?: boolean }): Promise<SignedVerdict> {
    const { baseUrl } = this.config;
    let outcome: VerifyOutcome;
    let answer: VerifyAnswer | TrustAnswer;
    if (options.signals) {
      const trust = await this.assessTrust.run(domain, { external: options.external === true });
      [outcome, answer] = [trust, trustView(trust, baseUrl).answer];
    } else {
      outcome = await this.verifyDomain.run(domain);
      answer = verifyView(outcome, baseUrl).answer;
    }
    const jws = await this.signer.signCompactJws(verdictClaims(answer, baseUrl, outcome.verdict.domain, this.clock.now(), outcome.cacheSeconds));
    return { answer, jws, cacheSeconds: outcome.cacheSeconds };
  }
}
