import { inject, injectable } from 'inversify';
import { ReportSigner } from '../ports/report-signer.js';

/** The JWKS agents use to check report signatures offline. */
@injectable()
export class GetPublicKeys {
  constructor(@inject(ReportSigner) private readonly signer: ReportSigner) {}

  run(): Promise<{ keys: object[] }> {
    return this.signer.publicJwks();
  }
}
