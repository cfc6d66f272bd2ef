import type { z } from 'zod';
import type { AnswerSchemas } from '../answer-schemas.js';
import { verifyEntitySchema, agentGuidanceSchema } from '../registry-schema.js';
import { checkSchema, evidenceSchema } from '../report-schema.js';
import { trustSignalsSchema } from '../trust-schema.js';
import { anchorOf, fieldTable, type SharedPart } from './answer-fields.js';

/** Where each answer is given, in the order /api.md documents them. */
const ANSWERS: ReadonlyArray<readonly [keyof AnswerSchemas, string, string]> = [
  [
    'verify',
    'Verify',
    '`GET /verify/{domain}` (`data`), MCP `verify_domain`. An expired verification is the `EXPIRED` failure: over HTTP the error carries every field of the answer (`verified: false`, `expired: true`, the entity) beside `code` and `message`; over MCP the same fields are the `structuredContent` of an `isError` result; a signed answer holds them as they are.',
  ],
  [
    'trust',
    'Verify with signals',
    '`GET /verify/{domain}?signals=true` (`data`), MCP `check_trust`: the verify answer with the trust assessment (see "Trust signals").',
  ],
  ['entity', 'Entity', '`GET /lookup/{entity-id}` (`data`), MCP `lookup_entity`, `vetted entity list --json`.'],
  ['scanResult', 'Scan result', "`POST /api/scan` 201 (`data`), MCP `scan_domain`, `vetted scan --json`, and a finished job's `report`."],
  ['scanStatus', 'Scan job', '`GET /api/scans/{id}` and the 202 of `POST /api/scan` (`data`).'],
  [
    'report',
    'Report',
    '`GET /reports/{id}.json` (not enveloped), MCP `get_report`. The signature covers the document without `links`, `content_sha256` and `signature`.',
  ],
  ['evidenceItem', 'Evidence item', '`GET /reports/{id}/evidence/{n}` (not enveloped).'],
  ['reportHistory', 'Report history', '`GET /reports?domain={domain}` as JSON (`data`).'],
  ['reportChange', 'Report comparison', '`GET /reports/{id}/diff/{other}` as JSON (`data`).'],
  ['registration', 'Registration', '`POST /register` 201 (`data`).'],
  ['watch', 'Watch', '`GET /watches/{id}` (`data`).'],
  ['createdWatch', 'New watch', '`POST /watches` 201 (`data`), MCP `watch_domain`.'],
  ['deliveries', 'Deliveries', '`GET /watches/{id}/deliveries` (`data`).'],
  ['eventPayload', 'Webhook payload', 'The body of every webhook delivery (see "Watches and events").'],
  ['payment', 'Payment check', 'MCP `check_payment`: whether to pay a destination for a domain.'],
  ['counterpartyLookup', 'Counterparty lookup', '`GET /lookup?pay_to=` or `?key=` (`data`).'],
];

/** The parts several answers share, each with a table of its own. */
function sharedParts(schemas: AnswerSchemas): SharedPart[] {
  const parts: Array<[string, z.ZodType]> = [
    ['Readiness', schemas.readiness],
    ['Scan result', schemas.scanResult],
    ['Registry entity', verifyEntitySchema],
    ['Agent guidance', agentGuidanceSchema],
    ['Trust signals', trustSignalsSchema],
    ['Check', checkSchema],
    ['Evidence', evidenceSchema],
  ];
  return parts.map(([name, schema]) => ({ name, schema }));
}

/**
 * The "Answers" section of /api.md: every JSON answer's fields, generated from `schemas`, then the
 * parts they share. A field added to a schema shows up here with no other edit.
 */
export function answerReference(schemas: AnswerSchemas): string {
  let text = REFERENCES.get(schemas);
  if (text === undefined) REFERENCES.set(schemas, (text = referenceOf(schemas)));
  return text;
}

// Generated once per set of schemas in a process: every container publishes /api.md.
const REFERENCES = new WeakMap<AnswerSchemas, string>();

function referenceOf(schemas: AnswerSchemas): string {
  const shared = sharedParts(schemas);
  const answers = ANSWERS.map(([key, title, where]) => `### ${title}\n\n${where}\n\n${fieldTable(schemas[key], shared)}\n`);
  const parts = shared.filter((part) => part.name !== 'Scan result').map((part) => `### ${part.name}\n\n${fieldTable(part.schema, shared)}\n`);
  const anchors = shared.map((part) => `[${part.name}](#${anchorOf(part.name)})`).join(', ');
  return `## Answers

The fields of every JSON answer, generated from the schemas the service answers with (the same ones
/openapi.json and the MCP tools' output schemas are built from). Nested objects are flattened
(\`entity.id\`, \`checks[].status\`); the parts several answers share are described once: ${anchors}.
A field a client does not know must be ignored: answers gain fields over time.

${answers.join('\n')}
${parts.join('\n')}`;
}
