import { isHttpUrl, isRecord, parseJsonText, stringOrNull } from './text-helpers.js';

/** Why a JSON declaration could not be read at all. */
export type JsonErrorCode = 'EMPTY' | 'TOO_LARGE' | 'HTML' | 'INVALID_JSON' | 'NOT_AN_OBJECT';

interface McpEndpoint {
  readonly type: string | null;
  /** As declared: absolute, or relative to the card's origin. */
  readonly url: string;
}

export interface McpServerCard {
  /** True with a server name and at least one transport endpoint. */
  readonly valid: boolean;
  readonly name: string | null;
  readonly version: string | null;
  readonly protocolVersion: string | null;
  readonly endpoints: readonly McpEndpoint[];
  readonly toolCount: number | null;
  readonly authenticationRequired: boolean | null;
  readonly errors: readonly (JsonErrorCode | 'NO_NAME' | 'NO_ENDPOINT' | 'BAD_ENDPOINT')[];
}

const MAX_DECLARATION_CHARS = 1024 * 1024;
export const MAX_LISTED = 20;

/**
 * Reads an MCP Server Card (SEP-1649 / SEP-2127 drafts, and the shapes sites publish while
 * they are drafts): name from `serverInfo.name` or `name`; endpoints from `transport`,
 * `transports[]`, `remotes[]`, `endpoints` or a top-level `endpoint`/`url`, each an absolute
 * http(s) URL or a path on the card's origin. Never throws: unreadable JSON gives `valid: false`
 * with a JsonErrorCode; a missing name, a missing or malformed endpoint is an error.
 */
export function parseMcpServerCard(text: string): McpServerCard {
  const json = readObject(text);
  if (!json.ok) {
    return {
      valid: false,
      name: null,
      version: null,
      protocolVersion: null,
      endpoints: [],
      toolCount: null,
      authenticationRequired: null,
      errors: [json.error],
    };
  }
  const card = json.value;
  const info = isRecord(card['serverInfo']) ? card['serverInfo'] : {};
  const name = stringOrNull(info['name'], 300) ?? stringOrNull(card['name'], 300);
  const endpoints: McpEndpoint[] = [];
  const add = (type: unknown, url: unknown): void => {
    const value = stringOrNull(url, 2048);
    if (value !== null && endpoints.length < MAX_LISTED && !endpoints.some((e) => e.url === value)) {
      endpoints.push({ type: stringOrNull(type, 100), url: value });
    }
  };
  for (const entry of [card['transport'], ...asArray(card['transport']), ...asArray(card['transports']), ...asArray(card['remotes'])]) {
    if (isRecord(entry)) add(entry['type'], entry['endpoint'] ?? entry['url']);
  }
  if (isRecord(card['endpoints'])) {
    for (const [type, url] of Object.entries(card['endpoints']).slice(0, MAX_LISTED)) add(type, url);
  }
  add(null, card['endpoint']);
  add(null, card['url']);
  const auth = card['authentication'];
  const errors: ('NO_NAME' | 'NO_ENDPOINT' | 'BAD_ENDPOINT')[] = [];
  if (name === null) errors.push('NO_NAME');
  if (endpoints.length === 0) errors.push('NO_ENDPOINT');
  else if (!endpoints.every((e) => isHttpUrl(e.url) || /^\/(?!\/)\S*$/.test(e.url))) errors.push('BAD_ENDPOINT');
  return {
    valid: errors.length === 0,
    name,
    version: stringOrNull(info['version'], 100) ?? stringOrNull(card['version'], 100),
    protocolVersion: stringOrNull(card['protocolVersion'], 100),
    endpoints,
    toolCount: Array.isArray(card['tools']) ? card['tools'].length : null,
    authenticationRequired: isRecord(auth) && typeof auth['required'] === 'boolean' ? auth['required'] : null,
    errors,
  };
}

type ObjectResult = { ok: true; value: Record<string, unknown> } | { ok: false; error: JsonErrorCode };

/** The text as one JSON object, or why it is not one. */
export function readObject(text: string): ObjectResult {
  const parsed = parseJsonText(text, MAX_DECLARATION_CHARS);
  if (!parsed.ok) return parsed;
  return isRecord(parsed.value) ? { ok: true, value: parsed.value } : { ok: false, error: 'NOT_AN_OBJECT' };
}

/** The value when it is an array, else an empty one. */
export function asArray(value: unknown): readonly unknown[] {
  return Array.isArray(value) ? value : [];
}
