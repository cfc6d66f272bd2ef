import { z } from 'zod';
import { READINESS_VALUES } from '../../domain/scan/readiness.js';
import { ENTITY_LEVELS } from '../../domain/entity.js';
import { TRUST_LEVELS } from '../../domain/trust/agent-guidance.js';
import { OBSERVED_SIGNALS } from '../../domain/trust/evidence.js';
import { TRUST_LEVEL_MIN_SCORES } from '../../domain/trust/trust-level.js';
import { agentGuidanceSchema, verdictViewSchema, verifyAnswerSchema } from './registry-schema.js';
import { fits, list } from './schema-kit.js';
import type { TrustSignals } from '../../domain/trust/trust-signals.js';
import type { Evidence } from '../../domain/trust/evidence.js';
import { EXPECTED_RELATIONS } from '../../domain/trust/expected-counterparty.js';
import { OWNERSHIP_EVIDENCE_KINDS } from '../../domain/trust/ownership.js';
import { counterpartySchema } from './counterparty-schema.js';

// The trust answer of GET /verify?signals=true and MCP check_trust; trust-view.ts builds it.

/** What every signal carries. */
const signal = {
  score: z.number().describe('Points this signal adds to trust_score, 0 to max.'),
  max: z.number().describe('The most this signal can add.'),
  observed: z
    .boolean()
    .describe(
      'True when the score rests on something looked at. False: nothing was stored or measured (or the last look failed, see error), the score is 0 and says nothing about the site.',
    ),
  error: z.string().optional().describe('Why the signal is not observed or scores nothing: a short code.'),
  reason: z.string().optional().describe('In words: what is missing or failed, and what to do.'),
  pending: z
    .boolean()
    .optional()
    .describe('True while a queued look will observe this signal: ask again after evidence.retry_after_seconds. Absent otherwise.'),
};

/** What the answer rests on. */
const evidenceSchema = fits<Evidence>()(
  z
    .object({
      complete: z
        .boolean()
        .describe(
          'True when every signal was looked at (a failed look counts; its error says what failed). False: some signals score 0 because nobody looked yet, so the score is a lower bound.',
        ),
      failed: list(z.enum(OBSERVED_SIGNALS)).describe(
        "The signals whose last look failed (each signal's error says how): they score 0, so the score is a lower bound; ask with external=true to look again.",
      ),
      pending: list(z.enum(OBSERVED_SIGNALS)).describe(
        'The signals a queued look will observe without external=true. Empty when none is queued: ask with external=true to look now.',
      ),
      retry_after_seconds: z
        .number()
        .optional()
        .describe(
          'While pending is not empty: seconds until asking again is worth it: the queued look should have stored its result by then, or (when the budget of looks is spent) a read then can queue one.',
        ),
      oldest_observed_at: z.string().optional().describe('When the oldest observation scored was made (ISO 8601).'),
      oldest_age_seconds: z.number().optional().describe('Its age in seconds at the time of the answer.'),
    })
    .describe('What the score rests on: whether every signal was looked at, and what is still being looked at.'),
);

/** One external check: its points and what it found, or its error. */
function externalCheck<T extends z.ZodRawShape>(found: T) {
  const points = { score: z.number().describe('Points this check adds.'), max: z.number().describe('The most this check can add.') };
  return z
    .union([
      z.object({ ...points, ...found }),
      z.object({
        score: z.literal(0).describe('A check that gave no answer adds nothing.'),
        max: points.max,
        error: z.string().describe('Why the check gave no answer: a short code (timeout, …); it adds nothing.'),
      }),
    ])
    .describe("The check's points and what it found, or its error.");
}

const ownershipSchema = z
  .union([
    z.object({
      status: z.literal('owned').describe('Evidence shows the brand owns this name.'),
      checked_at: z.string().describe('When ownership was looked at (ISO 8601).'),
      evidence: list(
        z.object({
          kind: z.enum(OWNERSHIP_EVIDENCE_KINDS).describe('What the name shares with the brand: its certificate, its RDAP registrant or its nameservers.'),
          detail: z.string().describe('What was shared, in words.'),
        }),
      ).describe('Each piece of evidence of ownership.'),
    }),
    z.object({
      status: z.literal('not_owned').describe('Looked at: nothing shows the brand owns this name.'),
      checked_at: z.string().describe('When ownership was looked at (ISO 8601).'),
    }),
    z.object({ status: z.literal('not_checked').describe('Ownership was not looked at yet.'), reason: z.string().describe('Why, and when it will be.') }),
  ])
  .describe('For a name resembling a brand outside the catalog: whether evidence shows the brand owns it.');

/** The five signals of the trust score (registry 40, brand 20, domain_age 15, ssl 10, external 15). */
export const trustSignalsSchema = fits<TrustSignals>()(
  z.object({
    registry: z
      .object({
        ...signal,
        verified: z.boolean().describe('True when a registry entity vouches for the name now.'),
        level: z.enum(ENTITY_LEVELS).nullable().describe("The entity's verification level (basic, verified, enterprise), or null when not verified."),
      })
      .describe('The Vetted registry: an entity that proved control of the domain.'),
    brand: z
      .object({
        ...signal,
        known_brand: z.boolean().describe('True for a brand of the catalog, its subdomains, and names evidence shows it owns.'),
        lookalike_of: z.string().nullable().describe('The catalog domain the name imitates.'),
        lookalike_brand: z.string().nullable().describe('The main domain of the brand that owns lookalike_of.'),
        owned_by: z.string().optional().describe('The brand that evidence shows owns this name.'),
        ownership: ownershipSchema.optional(),
        popular: z
          .object({
            source: z.string().describe('The popularity list: its publisher and version.'),
            bucket: z.number().describe('The smallest top-N bucket of the list holding the registrable domain (top 200, top 1000, …).'),
            as_of: z.string().describe('The day the list describes (YYYY-MM-DD).'),
            exempt: z
              .boolean()
              .describe(
                'True when being listed spares the name the lookalike rules; false when it was registered after the list, so it is judged as any new name.',
              ),
            registered_at: z.string().optional().describe('The stored registration date (RDAP) later than the list, when exempt is false.'),
          })
          .optional()
          .describe('Where a dated popularity list places the registrable domain: a name the world uses is not taken for an imitation.'),
      })
      .describe('Whether the name is a well-known brand, or imitates one.'),
    domain_age: z
      .object({ ...signal, years: z.number().nullable().describe('Full years since registration (RDAP); null when not observed.') })
      .describe('How long the registrable domain has been registered.'),
    ssl: z
      .object({
        ...signal,
        valid: z
          .boolean()
          .nullable()
          .describe('True when the certificate seen on port 443 validated for this name and had not expired; null when not observed.'),
        days_to_expiry: z.number().nullable().describe('Whole days until the certificate expires (negative once expired); null when not observed.'),
      })
      .describe('The TLS certificate of the host, from a handshake on port 443.'),
    external: z
      .object({
        ...signal,
        checks: z
          .object({
            blocklists: externalCheck({
              listed: z.boolean().describe('True when a configured DNS blocklist lists the domain.'),
              listed_on: list(z.string()).describe('The blocklists that list it.'),
            }),
            spf: externalCheck({ published: z.boolean().describe('True when the domain publishes an SPF record.') }),
            dmarc: externalCheck({ published: z.boolean().describe('True when the domain publishes a DMARC record.') }),
            readiness: externalCheck({ value: z.enum(READINESS_VALUES).describe('The readiness of the latest stored scan.') }),
          })
          .nullable()
          .describe('Each check, or null when the external checks were not run.'),
      })
      .describe("Reputation: DNS blocklists, SPF, DMARC and the latest scan's readiness."),
  }),
);

const LEVEL_BANDS = TRUST_LEVELS.map((level) => `${level} from ${TRUST_LEVEL_MIN_SCORES[level]}`).join(', ');

/** What the trust answer adds to the verify answer: trust_score, trust_level and agent_guidance always, signals unless blocked. */
export const TRUST_ASSESSMENT_SHAPE = {
  trust_score: z.number().describe('0 to 100: the sum of the signals (0 when blocked).'),
  trust_level: z.enum(TRUST_LEVELS).describe(`The contract's band of trust_score (${LEVEL_BANDS}); NONE when blocked.`),
  signals: trustSignalsSchema.optional().describe('Each signal with its score, and its reason when unobserved; absent when blocked.'),
  agent_guidance: agentGuidanceSchema,
  evidence: evidenceSchema.optional(),
  expected: z
    .object({
      domain: z.string().describe('The counterparty the agent meant, as asked with expected.'),
      relation: z
        .enum(EXPECTED_RELATIONS)
        .describe(
          'same: a name under the domain expected; same_owner: the catalog or stored ownership evidence ties both to one organisation; lookalike: this name imitates it (guidance no better than FLAG); unrelated: nothing known ties them (guidance no better than CAUTION).',
        ),
      evidence: list(z.string()).describe('Why, in sentences.'),
    })
    .optional()
    .describe('With expected: how the name asked about stands to the counterparty the agent meant.'),
  counterparty: z
    .object({
      pay_to: counterpartySchema.optional().describe('With pay_to: how that payment destination stands toward this domain’s entity.'),
      key: counterpartySchema.optional().describe('With key: how that key stands toward this domain’s entity.'),
    })
    .optional()
    .describe(
      'With pay_to or key (GET /verify?pay_to=): whether the destination or key is bound to this domain’s verified entity. MCP check_payment decides on it.',
    ),
};

/** GET /verify?signals=true and MCP check_trust: the verify answer with the trust assessment. */
export const trustAnswerSchema = verifyAnswerSchema.extend(TRUST_ASSESSMENT_SHAPE);

export type TrustAnswer = z.infer<typeof trustAnswerSchema>;

const trustViewSchema = verdictViewSchema(trustAnswerSchema);
export type TrustView = z.infer<typeof trustViewSchema>;
