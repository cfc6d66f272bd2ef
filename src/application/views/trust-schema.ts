import { z } from 'zod';
import { ENTITY_LEVELS } from '../../domain/entity.js';
import { TRUST_LEVELS } from '../../domain/trust/agent-guidance.js';
import { OBSERVED_SIGNALS } from '../../domain/trust/evidence.js';
import { agentGuidanceSchema, verdictViewSchema, verifyAnswerSchema } from './registry-schema.js';
import { list } from './schema-kit.js';

// The trust answer of GET /verify?signals=true and MCP check_trust; trust-view.ts builds it.

/** What every signal carries. */
const signal = {
  score: z.number(),
  max: z.number(),
  observed: z.boolean().describe('False when nothing was stored or measured; the score is then 0.'),
  error: z.string().optional().describe('Why the signal is not observed or scores nothing: a short code.'),
  reason: z.string().optional().describe('In words: what is missing or failed, and what to do.'),
  pending: z.boolean().optional().describe('True while a queued look will observe this signal: ask again after evidence.retry_after_seconds. Absent otherwise.'),
};

/** What the answer rests on. */
const evidenceSchema = z
  .object({
    complete: z.boolean().describe('True when every signal was looked at (a failed look counts; its error says what failed). False: some signals score 0 because nobody looked yet, so the score is a lower bound.'),
    failed: list(z.enum(OBSERVED_SIGNALS)).describe('The signals whose last look failed (each signal\'s error says how): they score 0, so the score is a lower bound; ask with external=true to look again.'),
    pending: list(z.enum(OBSERVED_SIGNALS)).describe('The signals a queued look will observe without external=true. Empty when none is queued: ask with external=true to look now.'),
    retry_after_seconds: z.number().optional().describe('While pending is not empty: seconds until the queued look should have stored its result; ask again then.'),
    oldest_observed_at: z.string().optional().describe('When the oldest observation scored was made (ISO 8601).'),
    oldest_age_seconds: z.number().optional().describe('Its age in seconds at the time of the answer.'),
  })
  .describe('What the score rests on: whether every signal was looked at, and what is still being looked at.');

/** One external check: its points and what it found, or its error. */
function externalCheck<T extends z.ZodRawShape>(found: T) {
  return z.union([z.object({ score: z.number(), max: z.number(), ...found }), z.object({ score: z.number(), max: z.number(), error: z.string() })]);
}

const ownershipSchema = z
  .union([
    z.object({ status: z.literal('owned'), checked_at: z.string(), evidence: list(z.object({ kind: z.enum(['tls_certificate', 'registrant', 'nameservers']), detail: z.string() })) }),
    z.object({ status: z.literal('not_owned'), checked_at: z.string() }),
    z.object({ status: z.literal('not_checked'), reason: z.string() }),
  ])
  .describe('For a name resembling a brand outside the catalog: whether evidence shows the brand owns it.');

/** The five signals of the trust score (registry 40, brand 20, domain_age 15, ssl 10, external 15). */
export const trustSignalsSchema = z.object({
  registry: z.object({ ...signal, verified: z.boolean(), level: z.enum(ENTITY_LEVELS).nullable() }),
  brand: z.object({
    ...signal,
    known_brand: z.boolean(),
    lookalike_of: z.string().nullable().describe('The catalog domain the name imitates.'),
    lookalike_brand: z.string().nullable().describe('The main domain of the brand that owns lookalike_of.'),
    owned_by: z.string().optional().describe('The brand that evidence shows owns this name.'),
    ownership: ownershipSchema.optional(),
  }),
  domain_age: z.object({ ...signal, years: z.number().nullable().describe('Full years since registration.') }),
  ssl: z.object({ ...signal, valid: z.boolean().nullable(), days_to_expiry: z.number().nullable() }),
  external: z.object({
    ...signal,
    checks: z
      .object({
        blocklists: externalCheck({ listed: z.boolean(), listed_on: list(z.string()) }),
        spf: externalCheck({ published: z.boolean() }),
        dmarc: externalCheck({ published: z.boolean() }),
        readiness: externalCheck({ value: z.enum(['unknown', 'limited', 'ready']) }),
      })
      .nullable()
      .describe('Each check, or null when the external checks were not run.'),
  }),
});

/** What the trust answer adds to the verify answer: trust_score, trust_level and agent_guidance always, signals unless blocked. */
export const TRUST_ASSESSMENT_SHAPE = {
  trust_score: z.number().describe('0 to 100: the sum of the signals (0 when blocked).'),
  trust_level: z.enum(TRUST_LEVELS),
  signals: trustSignalsSchema.optional().describe('Each signal with its score, and its reason when unobserved; absent when blocked.'),
  agent_guidance: agentGuidanceSchema,
  evidence: evidenceSchema.optional(),
};

/** GET /verify?signals=true and MCP check_trust: the verify answer with the trust assessment. */
export const trustAnswerSchema = verifyAnswerSchema.extend(TRUST_ASSESSMENT_SHAPE);

export type TrustAnswer = z.infer<typeof trustAnswerSchema>;

export const trustViewSchema = verdictViewSchema(trustAnswerSchema);
export type TrustView = z.infer<typeof trustViewSchema>;
