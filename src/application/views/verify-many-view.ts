import { z } from 'zod';
import type { AppError } from '../errors.js';
import type { ManyItem } from '../verdict/verify-many.js';
import type { verifyAnswerSchema } from './registry-schema.js';
import { verifyView } from './registry-view.js';
import type { trustAnswerSchema } from './trust-schema.js';
import { trustView } from './trust-view.js';

const name = z.string().describe('The name as it was sent.');

/** The error of one item, as the failure envelope of its own request would carry it. */
const itemErrorSchema = z.looseObject({
  code: z.string().describe('The code its own request would answer: VALIDATION_ERROR, EXPIRED (with the answer’s fields beside it), RATE_LIMITED.'),
  message: z.string().describe('What went wrong with this name, in words.'),
  retry_after_seconds: z.number().int().min(0).optional().describe('RATE_LIMITED: when the quota allows it again.'),
});

/** The answer schema of many names around the schema of one name's answer (verify, or trust). */
export function manySchema<T extends z.ZodObject>(answer: T, what: string) {
  return z.object({
    count: z.number().int().min(1).describe('How many names were asked, and so how many items follow.'),
    items: z
      .array(
        z.union([
          z.object({ name, success: z.literal(true).describe('This name was answered.'), data: answer }),
          z.object({
            name,
            success: z.literal(false).describe('This name was refused.'),
            error: itemErrorSchema.describe('The error this name alone would get.'),
          }),
        ]),
      )
      .describe(`One item per name, in the order sent: ${what}, or the error that name alone would get.`),
  });
}

/** POST /verify's answer: each name as GET /verify/{domain} answers it. */
export type VerifyManyAnswer = z.output<ReturnType<typeof manySchema<typeof verifyAnswerSchema>>>;
/** POST /verify with signals (and check_trust with domains): each name as ?signals=true answers it. */
export type TrustManyAnswer = z.output<ReturnType<typeof manySchema<typeof trustAnswerSchema>>>;
type ManyAnswer = z.input<ReturnType<typeof manySchema<typeof verifyAnswerSchema>>> | z.input<ReturnType<typeof manySchema<typeof trustAnswerSchema>>>;

/** The items of VerifyMany, each as its own request's envelope would carry it. */
export function verifyManyView(items: readonly ManyItem[], baseUrl: string): ManyAnswer {
  return { count: items.length, items: items.map((item) => itemJson(item, baseUrl)) } as ManyAnswer;
}

function itemJson(item: ManyItem, baseUrl: string): Record<string, unknown> {
  if (item.kind === 'refused') return { name: item.name, success: false, error: errorJson(item.error) };
  const view = item.kind === 'trust' ? trustView(item.outcome, baseUrl) : verifyView(item.outcome, baseUrl);
  if (view.kind === 'expired') return { name: item.name, success: false, error: { code: 'EXPIRED', message: view.error.message, ...view.error.details } };
  return { name: item.name, success: true, data: view.answer };
}

function errorJson(error: AppError): Record<string, unknown> {
  const { retryAfterSeconds, ...details } = error.details;
  return { code: error.code, message: error.message, ...details, ...(retryAfterSeconds !== undefined ? { retry_after_seconds: retryAfterSeconds } : {}) };
}
