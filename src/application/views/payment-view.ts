import { z } from 'zod';
import type { PaymentOutcome } from '../counterparty/check-payment.js';
import { counterpartyJson, counterpartySchema } from './counterparty-schema.js';
import { pageLinks } from './registry-view.js';

/** MCP check_payment's answer. */
export const paymentSchema = z.object({
  domain: z.string().describe('The domain asked about, normalized.'),
  verified: z.boolean().describe('True when a registry entity vouches for the domain now.'),
  pay_to: z.string().optional().describe('The destination asked about (CAIP-10), as read.'),
  key: z.string().optional().describe('The key asked about (RFC 7638 thumbprint).'),
  amount_usd: z.number().describe('The amount the decision was made for.'),
  counterparty: counterpartySchema,
  trust_score: z.number().int().describe('The domain’s trust score (check_trust).'),
  trust_level: z.string().describe('The domain’s trust level (check_trust).'),
  agent_guidance: z
    .object({
      action: z
        .enum(['PROCEED', 'FLAG', 'BLOCK'])
        .describe('PROCEED only when the destination is the verified entity’s own for 7 days and its trust allows the amount.'),
      reason: z.string().describe('Why, in one sentence to show a person.'),
      requires_human: z.boolean().describe('True unless PROCEED.'),
    })
    .describe('What to do with this payment.'),
  links: z.object({ page: z.string().describe('The domain’s verdict page for a person.') }).describe('Pages for people.'),
});

/** check_payment's answer from its outcome. */
export function paymentView(outcome: PaymentOutcome, baseUrl: string): z.input<typeof paymentSchema> {
  const { trust, fact, decision } = outcome;
  return {
    domain: trust.verdict.domain,
    verified: trust.verdict.kind === 'verified',
    ...(fact.kind === 'pay_to' ? { pay_to: fact.value } : { key: fact.value }),
    amount_usd: outcome.amountUsd,
    counterparty: counterpartyJson(outcome.standing),
    trust_score: trust.assessment.trust_score,
    trust_level: trust.assessment.trust_level,
    agent_guidance: { action: decision.action, reason: decision.reason, requires_human: decision.action !== 'PROCEED' },
    links: pageLinks(baseUrl, trust.verdict.domain),
  };
}
