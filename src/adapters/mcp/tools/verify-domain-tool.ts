import { inject, injectable } from 'inversify';
import { z } from 'zod';
import { AppConfig } from '../../../application/ports/app-config.js';
import { SignVerdict } from '../../../application/verdict/sign-verdict.js';
import { VerifyDomain } from '../../../application/verdict/verify-domain.js';
import { verifyView } from '../../../application/views/registry-view.js';
import { TOOL_OUTPUTS } from '../../../application/views/answer-schemas.js';
import type { VettedTool } from '../vetted-tool.js';
import { answerOf, CONSUMER_RULE, domainArg, EXPIRED_RULE, formatArg, READS_STORED_DATA, SIGNED, signedJson } from './tool-args.js';

const input = z.strictObject({ domain: domainArg, format: formatArg });
const output = TOOL_OUTPUTS.verify_domain;

/** verify_domain: VerifyDomain answered as the verify view's answer, or SignVerdict with format "jws". */
@injectable()
export class VerifyDomainTool implements VettedTool<typeof input, typeof output> {
  readonly name = 'verify_domain';
  readonly title = 'Verify a domain against the registry';
  readonly description =
    'Says whether a domain is verified in the Vetted registry (with the verifying entity) or blocked, and gives its scan-based readiness from the latest stored report with evidence links. Reads stored data only; never starts a scan and never contacts the site. For the trust score and guidance, call check_trust. ' +
    `${CONSUMER_RULE} ${EXPIRED_RULE} A blocked domain carries blocked true, trust_level NONE and agent_guidance, and no readiness. ` +
    `Errors: VALIDATION_ERROR for a malformed domain.${SIGNED}`;
  readonly input = input;
  readonly output = output;
  readonly hints = READS_STORED_DATA;
  readonly summary = 'Whether a domain is verified in the registry (with its entity) or blocked, and its scan-based readiness. Reads stored data only.';
  readonly tags = ['registry', 'verification', 'domains'];
  readonly usage = {
    arguments: '`domain`, `format` (optional: `jws` adds `jws`, the answer signed; see /api.md, "Signed answers")',
    effect:
      'registry status (verified with its entity, not verified, blocked, or expired) and scan-based readiness with evidence links. Reads only; starts no scan. An expired verification is the `EXPIRED` failure, as over HTTP: `isError` true, `_meta["vetted/error_code"]` `EXPIRED`, and the same fields the HTTP error carries (`verified` false, `expired` true, the entity, `message`) as `structuredContent`. `check_trust` answers it the same way.',
  };

  constructor(
    @inject(AppConfig) private readonly config: AppConfig,
    @inject(VerifyDomain) private readonly verifyDomain: VerifyDomain,
    @inject(SignVerdict) private readonly signVerdict: SignVerdict,
  ) {}

  async run({ domain, format }: z.output<typeof input>): Promise<z.input<typeof output>> {
    if (format === 'jws') return signedJson(await this.signVerdict.run(domain, { signals: false }));
    return answerOf(verifyView(await this.verifyDomain.run(domain), this.config.baseUrl));
  }
}
