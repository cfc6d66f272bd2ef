import { InitializeRequestSchema, JSONRPCMessageSchema } from '@modelcontextprotocol/sdk/types.js';
import { MAX_REQUEST_BODY_BYTES, MCP_ASSUMED_PROTOCOL_VERSION, MCP_MAX_BATCH_MESSAGES, MCP_PROTOCOL_VERSIONS } from '../../application/views/service-facts.js';

/** The MCP revisions Vetted speaks, newest first. */
const PROTOCOL_VERSIONS = MCP_PROTOCOL_VERSIONS;
/** One of PROTOCOL_VERSIONS. */
export type ProtocolVersion = (typeof PROTOCOL_VERSIONS)[number];

/** Answered at initialize to a client that asks for a revision Vetted does not speak. */
const LATEST_PROTOCOL_VERSION: ProtocolVersion = PROTOCOL_VERSIONS[0];

/** Assumed for a request without MCP-Protocol-Version, as the specification says. */
const DEFAULT_PROTOCOL_VERSION: ProtocolVersion = MCP_ASSUMED_PROTOCOL_VERSION;

/** The largest request body POST /mcp reads, in bytes. */
export const MAX_MCP_BODY_BYTES = MAX_REQUEST_BODY_BYTES;

/** The most messages one 2025-03-26 batch may carry (the SDK's own ceiling). */
const MAX_BATCH_MESSAGES = MCP_MAX_BATCH_MESSAGES;

/** A JSON-RPC id; null when the message's own id cannot be told. */
export type JsonRpcId = string | number | null;

/** A refusal told as one JSON-RPC error object with an HTTP status. */
export interface JsonRpcRefusal {
  readonly status: number;
  readonly code: number;
  readonly message: string;
  readonly id: JsonRpcId;
}

/** What passed the guard: the body to hand to the SDK and the revision it is spoken in. */
export interface GuardedMessages {
  readonly ok: true;
  /** The body, with an initialize request's unsupported version replaced by the latest one. */
  readonly body: unknown;
  readonly version: ProtocolVersion;
  readonly batch: boolean;
  readonly initialize: boolean;
}

/** Either the messages to hand to the SDK or the refusal to answer instead. */
export type GuardOutcome = GuardedMessages | { readonly ok: false; readonly refusal: JsonRpcRefusal };

type Message = Record<string, unknown>;

/** True for the revisions Vetted speaks. */
function isProtocolVersion(value: unknown): value is ProtocolVersion {
  return typeof value === 'string' && (PROTOCOL_VERSIONS as readonly string[]).includes(value);
}

/** The serialized JSON-RPC error response of a refusal. */
export function jsonRpcErrorBody(refusal: Pick<JsonRpcRefusal, 'code' | 'message' | 'id'>): string {
  return JSON.stringify({ jsonrpc: '2.0', error: { code: refusal.code, message: refusal.message }, id: refusal.id });
}

/**
 * Applies the version and batch rules the SDK does not enforce, before the SDK sees the body:
 * - a body must be one JSON-RPC 2.0 message or an array of them (-32600 otherwise);
 * - `initialize` ignores MCP-Protocol-Version, may only travel alone and needs valid params
 *   (-32602); a requested version other than ours is replaced by the newest, so the SDK, which
 *   echoes any version it knows, answers one of ours;
 * - every other body is read in the revision of its MCP-Protocol-Version header, absent meaning
 *   2025-03-26; any value but ours is refused;
 * - a batch is refused when empty, under any revision but 2025-03-26, over 100 messages, or with repeated ids;
 * - `tools/call` needs params with a string `name` and, when given, an object of `arguments`
 *   (-32602 in words; the SDK would answer -32603 with its schema's dump);
 * - `notifications/cancelled` is dropped from a batch that carries requests: a stateless POST can
 *   only cancel a request of its own body, and in JSON mode a cancelled request would leave the
 *   HTTP answer waiting forever.
 */
export function guardMessages(body: unknown, versionHeader: string | undefined): GuardOutcome {
  if (Array.isArray(body)) return guardBatch(body, versionHeader);
  if (!isMessage(body)) return refuse(400, -32600, 'Invalid Request: the body is not a JSON-RPC 2.0 message.', idOf(body));
  const id = idOf(body);
  if (body.method === 'initialize' && 'id' in body) {
    if (!InitializeRequestSchema.safeParse(body).success) {
      return refuse(
        400,
        -32602,
        'Invalid params: initialize needs protocolVersion (a string), capabilities (an object) and clientInfo (name and version).',
        id,
      );
    }
    return { ok: true, body: negotiated(body), version: versionRequested(body), batch: false, initialize: true };
  }
  const version = versionFromHeader(versionHeader);
  if (!version.ok) return refuse(400, -32600, version.message, id);
  const params = toolCallProblem(body);
  if (params !== undefined) return refuse(200, -32602, params, id);
  return { ok: true, body, version: version.value, batch: false, initialize: false };
}

function guardBatch(items: unknown[], versionHeader: string | undefined): GuardOutcome {
  if (items.length === 0) return refuse(400, -32600, 'Invalid Request: an empty batch.', null);
  const version = versionFromHeader(versionHeader);
  if (!version.ok) return refuse(400, -32600, version.message, null);
  if (version.value !== '2025-03-26') {
    return refuse(400, -32600, `Invalid Request: MCP ${version.value} does not allow JSON-RPC batches; send one message per POST.`, null);
  }
  if (items.length > MAX_BATCH_MESSAGES) return refuse(400, -32600, `Invalid Request: a batch may carry at most ${MAX_BATCH_MESSAGES} messages.`, null);
  const ids = new Set<unknown>();
  for (const [index, item] of items.entries()) {
    if (!isMessage(item)) return refuse(400, -32600, `Invalid Request: batch item ${index + 1} is not a JSON-RPC 2.0 message.`, null);
    if (item.method === 'initialize') return refuse(400, -32600, 'Invalid Request: initialize must be sent alone, not in a batch.', null);
    const params = toolCallProblem(item);
    if (params !== undefined) return refuse(400, -32602, `${params} (batch item ${index + 1})`, null);
    if (isRequest(item)) {
      if (ids.has(item.id)) return refuse(400, -32600, 'Invalid Request: the requests of a batch need distinct ids.', null);
      ids.add(item.id);
    }
  }
  const kept = ids.size > 0 ? items.filter((item) => !isCancellation(item as Message)) : items;
  return { ok: true, body: kept, version: version.value, batch: true, initialize: false };
}

function versionFromHeader(header: string | undefined): { ok: true; value: ProtocolVersion } | { ok: false; message: string } {
  if (header === undefined) return { ok: true, value: DEFAULT_PROTOCOL_VERSION };
  if (isProtocolVersion(header)) return { ok: true, value: header };
  const shown = header.replace(/[^\x20-\x7e]/g, '?').slice(0, 40);
  return { ok: false, message: `Bad Request: unsupported MCP-Protocol-Version "${shown}"; supported: ${PROTOCOL_VERSIONS.join(', ')}.` };
}

function versionRequested(request: Message): ProtocolVersion {
  const asked = (request.params as Message | undefined)?.protocolVersion;
  return isProtocolVersion(asked) ? asked : LATEST_PROTOCOL_VERSION;
}

function negotiated(request: Message): Message {
  const params = request.params;
  if (params === null || typeof params !== 'object' || Array.isArray(params)) return request;
  return { ...request, params: { ...params, protocolVersion: versionRequested(request) } };
}

/** Why a tools/call request's params cannot be a tool call, in words; undefined for any other message. */
function toolCallProblem(message: Message): string | undefined {
  if (message.method !== 'tools/call' || !('id' in message)) return undefined;
  const params = message.params;
  if (!isObject(params)) return `Invalid params: tools/call needs params, an object with the tool's name and its arguments, not ${jsonType(params)}.`;
  if (typeof params.name !== 'string') return `Invalid params: tools/call needs the tool's name as a string, not ${jsonType(params.name)}.`;
  if ('arguments' in params && params.arguments !== undefined && !isObject(params.arguments)) {
    return `Invalid params: the arguments of ${params.name.replace(/[^\x20-\x7e]/g, '?').slice(0, 40)} must be an object of named values such as {"domain": "example.com"}, not ${jsonType(params.arguments)}.`;
  }
  return undefined;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function jsonType(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

function isMessage(value: unknown): value is Message {
  return value !== null && typeof value === 'object' && !Array.isArray(value) && JSONRPCMessageSchema.safeParse(value).success;
}

function isRequest(message: Message): boolean {
  return typeof message.method === 'string' && 'id' in message;
}

function isCancellation(message: Message): boolean {
  return message.method === 'notifications/cancelled' && !('id' in message);
}

function idOf(value: unknown): JsonRpcId {
  const id = (value as { id?: unknown } | null)?.id;
  return typeof id === 'string' || (typeof id === 'number' && Number.isFinite(id)) ? id : null;
}

function refuse(status: number, code: number, message: string, id: JsonRpcId): GuardOutcome {
  return { ok: false, refusal: { status, code, message, id } };
}
