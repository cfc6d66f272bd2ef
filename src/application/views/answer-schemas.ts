import { z } from 'zod';
import { readinessSchema } from './readiness-view.js';
import { registrationSchema } from './registration-view.js';
import { lookupEntitySchema, signable, verifyAnswerSchema } from './registry-schema.js';
import { reportChangeSchema, reportHistorySchema } from './report-history-view.js';
import { evidenceItemSchema, reportSchema } from './report-schema.js';
import { scanResultSchema } from './scan-result-view.js';
import { scanStatusSchema } from './scan-status-view.js';
import { trustAnswerSchema } from './trust-schema.js';
import { counterpartyLookupSchema } from './counterparty-schema.js';
import { paymentSchema } from './payment-view.js';
import { usageSchema } from './usage-view.js';
import { manySchema } from './verify-many-view.js';
import { consistencyProofSchema, inclusionProofSchema } from './log-view.js';
import { createdWatchSchema, deliveriesSchema, eventPayloadSchema, watchSchema } from './watch-view.js';

/**
 * Every public answer's schema, each beside the view that builds it. What describes the answers
 * (the OpenAPI document, the MCP tools' output schemas, /api.md) is generated from one of these
 * sets: the real one, or in tests one with a schema changed.
 */
export const ANSWER_SCHEMAS = {
  verify: verifyAnswerSchema,
  trust: trustAnswerSchema,
  readiness: readinessSchema,
  entity: lookupEntitySchema,
  scanResult: scanResultSchema,
  scanStatus: scanStatusSchema,
  report: reportSchema,
  evidenceItem: evidenceItemSchema,
  reportHistory: reportHistorySchema,
  reportChange: reportChangeSchema,
  registration: registrationSchema,
  watch: watchSchema,
  createdWatch: createdWatchSchema,
  deliveries: deliveriesSchema,
  eventPayload: eventPayloadSchema,
  usage: usageSchema,
  inclusionProof: inclusionProofSchema,
  consistencyProof: consistencyProofSchema,
  payment: paymentSchema,
  counterpartyLookup: counterpartyLookupSchema,
};

/** A set of answer schemas, shaped like ANSWER_SCHEMAS. */
export type AnswerSchemas = { readonly [K in keyof typeof ANSWER_SCHEMAS]: z.ZodObject };

/** The output schema of each MCP tool that answers a view; the signable ones with their `jws`. */
export function toolOutputSchemas(schemas: AnswerSchemas = ANSWER_SCHEMAS) {
  return {
    get_report: schemas.report,
    verify_domain: signable(schemas.verify),
    scan_domain: schemas.scanResult,
    lookup_entity: schemas.entity,
    // One name, or a list of them (domains): each list item as the one name's answer.
    check_trust: z.union([
      signable(schemas.trust),
      manySchema(schemas.trust.describe('The answer check_trust gives for that name alone.'), 'the answer check_trust gives for that name alone'),
    ]),
    watch_domain: schemas.createdWatch,
    check_payment: schemas.payment,
  };
}

/** The MCP tools' output schemas, from ANSWER_SCHEMAS. */
export const TOOL_OUTPUTS = toolOutputSchemas();
