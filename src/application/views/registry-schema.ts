import { z } from 'zod';
import { ENTITY_LEVELS, ENTITY_STANDINGS, ENTITY_TYPES } from '../../domain/entity.js';
import { type AgentGuidance, GUIDANCE_ACTIONS, SAFE_ACTIONS, TRUST_LEVELS } from '../../domain/trust/agent-guidance.js';
import { readinessSchema } from './readiness-view.js';
import { fits, list } from './schema-kit.js';

// The registry answers: verify (with its expired and blocked cases) and lookup. registry-view.ts builds them.

/** The entity object of a verify answer. */
export const verifyEntitySchema = z.object({
  id: z.string().describe('ent_ followed by letters and a number.'),
  name: z.string().describe('The organisation or person the registry verified.'),
  level: z.enum(ENTITY_LEVELS).describe('Its verification level: basic, verified or enterprise.'),
  type: z.enum(ENTITY_TYPES).describe('What kind of entity it is.'),
  verified_at: z.string().describe('When control of the domain was proven (ISO 8601).'),
  expires_at: z.string().describe('When the verification stops vouching for the domain (ISO 8601).'),
});

/** GET /lookup/{id}, MCP lookup_entity, `vetted entity list --json`: one entity with its status. */
export const lookupEntitySchema = verifyEntitySchema.extend({
  domain: z.string().describe('The domain it proved control of.'),
  status: z.enum(ENTITY_STANDINGS).describe('Whether it still vouches for its domain.'),
});

/** What an agent should do before transacting with the counterparty. */
export const agentGuidanceSchema = fits<AgentGuidance>()(
  z
    .object({
      action: z
        .enum(GUIDANCE_ACTIONS)
        .describe('What to do: PROCEED within the limits below, CAUTION (human review for payments), FLAG (send to human review), BLOCK (do not transact).'),
      safe_actions: list(z.enum(SAFE_ACTIONS)).describe('The kinds of action that are safe without a person.'),
      max_transaction_usd: z.number().describe('The largest payment to make without a person, in USD (0: none).'),
      requires_human: z.boolean().describe('True when a person must decide before the transaction.'),
      reason: z
        .string()
        .optional()
        .describe(
          'Below PROCEED: why, in words: first whether the evidence is incomplete and when to ask again, then the score, what held it down, what was not looked at, and what would raise it.',
        ),
    })
    .describe("The contract's guidance for an agent. Proceed only when success is true and verified is true; otherwise send the decision to human review."),
);

/**
 * GET /verify/{domain} (`data`), MCP verify_domain and the signed verify answer: the registry
 * status, then readiness (none when blocked). The expired case (`expired`, `message`) is the
 * EXPIRED failure over HTTP and MCP, carrying these fields; a signature holds them as they are.
 */
export const verifyAnswerSchema = z.object({
  domain: z.string().describe('The name asked about, normalized.'),
  verified: z.boolean().describe('True when a registry entity vouches for the name now.'),
  entity: verifyEntitySchema
    .nullable()
    .optional()
    .describe('The entity that vouches for the name (or whose verification expired); null when none; absent when blocked.'),
  expired: z.literal(true).optional().describe('Present when the covering verification has expired.'),
  message: z.string().optional().describe('With expired: the expiry in one sentence.'),
  blocked: z.literal(true).optional().describe('Present when the name is on the operator blocklist.'),
  trust_score: z.number().optional().describe('0 when blocked.'),
  trust_level: z.enum(TRUST_LEVELS).optional().describe('NONE when blocked.'),
  agent_guidance: agentGuidanceSchema.optional().describe('BLOCK, with the block reason, when blocked.'),
  readiness: readinessSchema.optional().describe('Scan-based readiness from the latest stored report; absent when blocked.'),
  links: z
    .object({ page: z.string().describe("The domain's verdict page, for the person who decides (HTML).") })
    .optional()
    .describe('Pages for people.'),
});

export type VerifyAnswer = z.infer<typeof verifyAnswerSchema>;

/**
 * A verify-like answer as a driving adapter maps it: `data`, or `expired` with the contract's
 * EXPIRED error (message, and the other fields as details) beside the same answer.
 */
export function verdictViewSchema<T extends z.ZodObject>(answer: T) {
  return z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('data'), answer }),
    z.object({ kind: z.literal('expired'), answer, error: z.object({ message: z.string(), details: z.record(z.string(), z.unknown()) }) }),
  ]);
}

const verifyViewSchema = verdictViewSchema(verifyAnswerSchema);
export type VerifyView = z.infer<typeof verifyViewSchema>;

/** An answer with its signed form beside it (`format: "jws"` of the MCP tools). */
export function signable<T extends z.ZodObject>(answer: T) {
  return answer.extend({
    jws: z.string().optional().describe('With format jws: the same answer as a compact JWS (EdDSA, kid in the header) that expires with it.'),
  });
}
