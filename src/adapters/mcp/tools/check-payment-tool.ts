import { inject, injectable } from 'inversify';
import { z } from 'zod';
import { CheckPayment } from '../../../application/counterparty/check-payment.js';
import { AppConfig } from '../../../application/ports/app-config.js';
import { TOOL_OUTPUTS } from '../../../application/views/answer-schemas.js';
import { paymentView } from '../../../application/views/payment-view.js';
import type { VettedTool } from '../vetted-tool.js';
import { domainArg, READS_STORED_DATA } from './tool-args.js';

const input = z.strictObject({
  domain: domainArg.describe('The domain of the shop or service you are about to pay: no scheme, port or path.'),
  pay_to: z
    .string()
    .min(1)
    .max(200)
    .optional()
    .describe(
      'The destination you were given (an HTTP 402 answer’s payTo, an invoice, a message), as a CAIP-10 account id such as eip155:8453:0x…; give this or key.',
    ),
  key: z.string().min(1).max(200).optional().describe('Instead of pay_to: a signing key’s RFC 7638 JWK thumbprint.'),
  amount_usd: z.number().min(0).max(1e12).optional().describe('The amount in US dollars (default 0).'),
});
const output = TOOL_OUTPUTS.check_payment;

/** check_payment: CheckPayment answered as the payment view. */
@injectable()
export class CheckPaymentTool implements VettedTool<typeof input, typeof output> {
  readonly name = 'check_payment';
  readonly title = 'Check a payment destination before paying';
  readonly description =
    'Before a payment: whether the destination (pay_to, a CAIP-10 account id) or key you were given belongs to the domain’s verified entity. ' +
    'PROCEED only when the entity declared it under its proven domain at least 7 days ago, no other entity claims it, and the domain’s trust allows amount_usd; ' +
    'FLAG with the reason when the destination was never declared, belongs to another entity, or was first bound less than 7 days ago (a changed destination is how payment redirection looks); BLOCK when the domain is blocked. ' +
    'Reads stored data only. Errors: VALIDATION_ERROR for a malformed destination (a mistyped EIP-55 checksum is refused) or when both or neither of pay_to and key are given.';
  readonly input = input;
  readonly output = output;
  readonly hints = READS_STORED_DATA;
  readonly summary =
    'Whether a payment destination or key belongs to the domain’s verified entity, and whether to pay: PROCEED, FLAG or BLOCK with the reason.';
  readonly tags = ['payments', 'trust', 'verification'];
  readonly usage = {
    arguments: '`domain`, `pay_to` (a CAIP-10 account id) or `key` (a JWK thumbprint), `amount_usd` (optional)',
    effect:
      '`counterparty` (`bound`, `unbound` or `bound_elsewhere`, how and since when) and `agent_guidance` (`PROCEED` only for the verified entity’s own destination, bound 7 days or more, within its trust; `FLAG` with the reason otherwise; `BLOCK` for a blocked domain). Reads only.',
  };

  constructor(
    @inject(AppConfig) private readonly config: AppConfig,
    @inject(CheckPayment) private readonly checkPayment: CheckPayment,
  ) {}

  async run(args: z.output<typeof input>): Promise<z.input<typeof output>> {
    const outcome = await this.checkPayment.run({
      domain: args.domain,
      ...(args.pay_to !== undefined ? { payTo: args.pay_to } : {}),
      ...(args.key !== undefined ? { key: args.key } : {}),
      ...(args.amount_usd !== undefined ? { amountUsd: args.amount_usd } : {}),
    });
    return paymentView(outcome, this.config.baseUrl);
  }
}
