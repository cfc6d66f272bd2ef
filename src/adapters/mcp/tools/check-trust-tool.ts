import { aDuration } from '../../../application/views/docs/doc-formats.js';
import { inject, injectable } from 'inversify';
import { z } from 'zod';
import { AppError } from '../../../application/errors.js';
import { AppConfig } from '../../../application/ports/app-config.js';
import { SignVerdict } from '../../../application/verdict/sign-verdict.js';
import { AssessTrust, REUSE_SECONDS } from '../../../application/trust/assess-trust.js';
import { trustView } from '../../../application/views/trust-view.js';
import { TOOL_OUTPUTS } from '../../../application/views/answer-schemas.js';
import type { ToolCaller, VettedTool } from '../vetted-tool.js';
import { VerifyMany } from '../../../application/verdict/verify-many.js';
import { verifyManyView } from '../../../application/views/verify-many-view.js';
import { MAX_NAMES_PER_VERIFY } from '../../../application/views/service-facts.js';
import { answerOf, CONSUMER_RULE, domainArg, EVIDENCE_RULE, EXPIRED_RULE, formatArg, SIGNED, signedJson } from './tool-args.js';

const input = z
  .strictObject({
    domain: domainArg.optional().describe('A domain name such as example.com: no scheme, port or path. Give this or domains.'),
    domains: z
      .array(domainArg)
      .min(1)
      .max(MAX_NAMES_PER_VERIFY)
      .optional()
      .describe(
        `Instead of domain: from 1 to ${MAX_NAMES_PER_VERIFY} names, answered as {count, items}, each item {name, success, data} with the answer for that name alone, or {name, success: false, error} (VALIDATION_ERROR, EXPIRED, RATE_LIMITED). Not with external, expected or format; each name counts as one read.`,
      ),
    external: z.boolean().optional().describe('Also run live outside checks (TLS, RDAP, DNS reputation); slower.'),
    expected: domainArg
      .optional()
      .describe(
        'The counterparty you meant to deal with (a domain): the answer says in expected whether this name is the same, has the same owner, imitates it, or is unrelated.',
      ),
    format: formatArg,
  })
  // Checked with the arguments, so that a call refused for them counts no read.
  .superRefine((args, ctx) => {
    const problem = targetProblem(args);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, input: args });
  });

/** Exactly one of domain and domains; a list answers stored data only, unsigned. */
function targetProblem(args: {
  domain?: string | undefined;
  domains?: string[] | undefined;
  external?: boolean | undefined;
  expected?: string | undefined;
  format?: string | undefined;
}): string | undefined {
  if (args.domains === undefined) return args.domain === undefined ? 'give domain (one name such as example.com) or domains (a list of names)' : undefined;
  if (args.domain !== undefined) return 'give domain (one name) or domains (a list), not both';
  if (args.external || args.expected !== undefined || args.format === 'jws')
    return 'external, expected and format are for one domain: ask those names one at a time';
  return undefined;
}
const output = TOOL_OUTPUTS.check_trust;

/** check_trust: AssessTrust answered as the trust view's answer, or SignVerdict with format "jws". */
@injectable()
export class CheckTrustTool implements VettedTool<typeof input, typeof output> {
  readonly name = 'check_trust';
  readonly title = 'Check the trust status of a domain';
  readonly description =
    'How far to trust a counterparty before a payment, a data share or an API call: the registry status (verified with its entity, not verified, blocked, or expired), readiness, trust_score 0-100, trust_level (VERY_HIGH, HIGH, MEDIUM, LOW, NONE), the five signals (registry, brand, domain_age, ssl, external), evidence (what the score rests on) and agent_guidance (action PROCEED, CAUTION, FLAG or BLOCK, safe_actions, max_transaction_usd, requires_human, reason). ' +
    `${CONSUMER_RULE} ` +
    `${EVIDENCE_RULE} ` +
    "A blocked domain answers exactly: verified false, blocked true, trust_score 0, trust_level NONE, agent_guidance BLOCK. Lookalikes of well-known brands and blocklisted domains are never better than FLAG, unless evidence shows the brand owns the lookalike (signals.brand.owned_by and ownership.evidence: a shared certificate, the same RDAP registrant, the brand's nameservers); signals.brand.ownership says whether that was checked. " +
    'Without external it reads stored data and never contacts the site; a name with signals not looked at queues one background look (RDAP, a TLS handshake on port 443, DNS), at most once a day per domain. With external true it runs those live checks now (TLS on port 443, domain age from RDAP, DNS blocklists, SPF and DMARC) within a few seconds, each failing on its own. ' +
    'With expected (the counterparty you meant) the answer adds expected {domain, relation: same, same_owner, lookalike or unrelated, evidence}: a lookalike of it is no better than FLAG, an unrelated name no better than CAUTION. ' +
    `${EXPIRED_RULE} Errors: VALIDATION_ERROR for a malformed domain.${SIGNED}`;
  readonly input = input;
  readonly output = output;
  // Not read-only in the open-world sense: with external it asks outside sources.
  readonly hints = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true };
  readonly summary =
    'How far to trust a counterparty before a payment, a data share or an API call: registry status, readiness, trust score and level, signals and agent guidance.';
  readonly tags = ['trust', 'verification', 'domains'];
  readonly usage = {
    arguments: `\`domain\` (or \`domains\`, a list of up to ${MAX_NAMES_PER_VERIFY}, answered as \`POST /verify\` with signals), \`external\` (optional boolean: look now at what was not looked at within ${aDuration(REUSE_SECONDS.tls)}), \`expected\` (optional: the counterparty meant; adds \`expected\` with its relation, as \`GET /verify?expected=\` does), \`format\` (optional: \`jws\`, not with \`expected\`)`,
    effect:
      'the object of `GET /verify/{domain}?signals=true`: registry status, readiness, `trust_score`, `trust_level`, `signals` (each unobserved one with its `reason`, `pending` while a queued look will observe it), `evidence` (`complete`, `pending`, `retry_after_seconds`) and `agent_guidance` (see /api.md, "Trust signals"). Never scans and never contacts the site without `external`; a name with signals not looked at queues one background look, at most daily per domain. Ask again after `retry_after_seconds`, or with `external`, for a complete answer.',
  };

  constructor(
    @inject(AppConfig) private readonly config: AppConfig,
    @inject(AssessTrust) private readonly assessTrust: AssessTrust,
    @inject(SignVerdict) private readonly signVerdict: SignVerdict,
    @inject(VerifyMany) private readonly verifyMany: VerifyMany,
  ) {}

  reads(args: z.output<typeof input>): number {
    return args.domains?.length ?? 1;
  }

  async run(args: z.output<typeof input>, caller: ToolCaller): Promise<z.input<typeof output>> {
    if (args.domains !== undefined) return verifyManyView(await this.verifyMany.run(args.domains, { signals: true }, caller.allowance), this.config.baseUrl);
    const { external, format, expected } = args;
    const domain = args.domain ?? '';
    if (format === 'jws') {
      if (expected !== undefined) throw new AppError('VALIDATION_ERROR', 'expected is not signed: ask without format "jws".');
      return signedJson(await this.signVerdict.run(domain, { signals: true, external: external === true }));
    }
    return answerOf(
      trustView(await this.assessTrust.run(domain, { external: external === true, ...(expected !== undefined ? { expected } : {}) }), this.config.baseUrl),
    );
  }
}
