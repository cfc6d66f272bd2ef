import { z } from 'zod';
import type { AnswerSchemas } from '../../../application/views/answer-schemas.js';
import { manySchema } from '../../../application/views/verify-many-view.js';
import { ERROR_STATUS } from '../error-status.js';

// The JSON answers of the HTTP API: the views' answers (from a set of answer schemas, named here as
// components of the document), and the few the HTTP adapter gives alone.

const text = z.string();

/** Every error code the API answers, in the order of error-status.ts. */
const ERROR_CODES = Object.keys(ERROR_STATUS) as [string, ...string[]];

/** `{success: false, error: {code, message, …}}`: every refusal, and the EXPIRED answer of verify. */
export const ErrorEnvelope = z
  .strictObject({
    success: z.literal(false),
    error: z.looseObject({
      code: z.enum(ERROR_CODES),
      message: text,
      retry_after_seconds: z.number().int().min(0).optional().describe('Also sent as Retry-After (429, 503).'),
    }),
  })
  .meta({ id: 'ErrorEnvelope', description: 'The failure envelope; extra fields sit beside code and message.' });

/** `{success: true, data}` around `data`. */
export function dataEnvelope<T extends z.ZodType>(data: T) {
  return z.strictObject({ success: z.literal(true), data });
}

export const StatusAnswer = z
  .strictObject({ status: z.literal('operational'), version: text, timestamp: text })
  .meta({ id: 'Status', description: 'Liveness: needs no database.' });

export const ReadyAnswer = z
  .strictObject({
    status: z.literal('ready'),
    database: z.literal('ok'),
    details: z
      .strictObject({
        popular_domains: z
          .strictObject({
            source: z.string().describe('The popularity list that spares popular names the lookalike rules.'),
            as_of: z.string().describe('The day the list describes (YYYY-MM-DD).'),
            stale: z.boolean().describe('True once the list is more than six months old: replace POPULAR_DOMAINS_FILE with a newer one.'),
          })
          .describe('The popularity list in use.'),
      })
      .describe('What the instance judges with that may age.'),
  })
  .meta({ id: 'Ready', description: 'Readiness: the database answers.' });

/** The views' answers as named components of the OpenAPI document. */
export function answerComponents(schemas: AnswerSchemas) {
  const Verify = schemas.verify.meta({ id: 'Verify', description: 'GET /verify/{domain}: the registry status and readiness (none when blocked).' });
  const VerifyWithSignals = schemas.trust.meta({
    id: 'VerifyWithSignals',
    description: 'GET /verify/{domain}?signals=true: adds trust_score, trust_level, signals and agent_guidance.',
  });
  return {
    Verify,
    VerifyWithSignals,
    VerifyMany: manySchema(Verify, 'the answer of GET /verify/{domain}').meta({ id: 'VerifyMany', description: 'POST /verify: one item per name.' }),
    VerifyManyWithSignals: manySchema(VerifyWithSignals, 'the answer of GET /verify/{domain}?signals=true').meta({
      id: 'VerifyManyWithSignals',
      description: 'POST /verify with signals: one item per name, each with its trust assessment.',
    }),
    Entity: schemas.entity.meta({ id: 'Entity', description: 'One registry entity; status says whether it still vouches for its domain.' }),
    InclusionProof: schemas.inclusionProof.meta({ id: 'InclusionProof', description: 'GET /log/proof: an RFC 9162 inclusion proof.' }),
    ConsistencyProof: schemas.consistencyProof.meta({ id: 'ConsistencyProof', description: 'GET /log/consistency: an RFC 9162 consistency proof.' }),
    Usage: schemas.usage.meta({ id: 'Usage', description: "GET /account/usage: an API key's public reads today and on the 30 days before." }),
    Report: schemas.report.meta({ id: 'Report', description: 'A stored report: its signed content, links and signature (not enveloped).' }),
    EvidenceItem: schemas.evidenceItem.meta({ id: 'EvidenceItem', description: 'One evidence item: site-controlled values only under untrusted.' }),
    ScanResult: schemas.scanResult.meta({ id: 'ScanResult', description: 'A finished scan: the report made (or reused), its links and readiness.' }),
    ScanStatus: schemas.scanStatus.meta({ id: 'ScanStatus', description: 'A scan job: state, probes done, then the scan result or the error.' }),
    ReportHistory: schemas.reportHistory.meta({ id: 'ReportHistory' }),
    ReportChange: schemas.reportChange.meta({ id: 'ReportChange' }),
    RegistrationCreated: schemas.registration.meta({ id: 'RegistrationCreated' }),
    Watch: schemas.watch.meta({ id: 'Watch', description: 'A watch (never its secret).' }),
    CreatedWatch: schemas.createdWatch.meta({ id: 'CreatedWatch', description: 'A new watch, with its secret and token shown once.' }),
    Deliveries: schemas.deliveries.meta({ id: 'Deliveries' }),
    CounterpartyLookup: schemas.counterpartyLookup.meta({
      id: 'CounterpartyLookup',
      description: 'GET /lookup?pay_to=: the entities a destination or key is bound to.',
    }),
  };
}

/** The named answers the routes' OpenAPI operations are written with. */
export type AnswerComponents = ReturnType<typeof answerComponents>;

/** GET /.well-known/jwks.json: the Ed25519 keys that sign reports (RFC 7517). */
export const JwksAnswer = z
  .strictObject({ keys: z.array(z.looseObject({ kty: z.literal('OKP'), crv: z.literal('Ed25519'), x: text, kid: text })) })
  .meta({ id: 'Jwks' });

/** A JSON-RPC 2.0 answer of /mcp: a result, an error, or an array of them for a batch. */
export const JsonRpcAnswer = z
  .union([z.looseObject({ jsonrpc: z.literal('2.0') }), z.array(z.looseObject({ jsonrpc: z.literal('2.0') }))])
  .meta({ id: 'JsonRpcAnswer' });

/** What /mcp answers when it refuses a request before the MCP server sees it. */
export const JsonRpcError = z
  .looseObject({
    jsonrpc: z.literal('2.0'),
    id: z.union([z.string(), z.number(), z.null()]),
    error: z.looseObject({ code: z.number().int(), message: text }),
  })
  .meta({ id: 'JsonRpcError' });
