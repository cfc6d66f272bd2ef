import { isRecord, parseJsonText, stringOrNull } from './text-helpers.js';

/** Why a JSON declaration could not be read at all. */
export type JsonErrorCode = 'EMPTY' | 'TOO_LARGE' | 'HTML' | 'INVALID_JSON' | 'NOT_AN_OBJECT';

export interface McpEndpoint {
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
  readonly errors: readonly (JsonErrorCode | 'NO_NAME' | 'NO_ENDPOINT')[];
}

export interface A2aInterface {
  readonly url: string;
  readonly protocolBinding: string | null;
  readonly protocolVersion: string | null;
}

export interface A2aAgentCard {
  /** True with a name, a version, a skills array and an interface (or a legacy top-level url). */
  readonly valid: boolean;
  readonly name: string | null;
  readonly description: string | null;
  readonly version: string | null;
  readonly skillCount: number | null;
  /** Ids (or names) of the first MAX_LISTED skills. */
  readonly skillIds: readonly string[];
  /** `supportedInterfaces` (v1.0), else pre-1.0 `additionalInterfaces`, first MAX_LISTED. */
  readonly interfaces: readonly A2aInterface[];
  /** The top-level `url` that v1.0 removed. */
  readonly legacyUrl: string | null;
  readonly hasSignatures: boolean;
  readonly errors: readonly (JsonErrorCode | 'NO_NAME' | 'NO_VERSION' | 'NO_SKILLS' | 'NO_INTERFACE')[];
  readonly warnings: readonly ('NO_DESCRIPTION' | 'LEGACY_URL_ONLY')[];
}

export const MAX_DECLARATION_CHARS = 1024 * 1024;
const MAX_LISTED = 20;

/**
 * Reads an MCP Server Card (SEP-1649 / SEP-2127 drafts, and the shapes sites publish while
 * they are drafts): name from `serverInfo.name` or `name`; endpoints from `transport`,
 * `transports[]`, `remotes[]`, `endpoints` or a top-level `endpoint`/`url`. Never throws:
 * unreadable JSON gives `valid: false` with a JsonErrorCode; a missing name or endpoint is an error.
 */
export function parseMcpServerCard(text: string): McpServerCard {
  const json = readObject(text);
  if (!json.ok) {
    return { valid: false, name: null, version: null, protocolVersion: null, endpoints: [], toolCount: null, authenticationRequired: null, errors: [json.error] };
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
  const errors: ('NO_NAME' | 'NO_ENDPOINT')[] = [];
  if (name === null) errors.push('NO_NAME');
  if (endpoints.length === 0) errors.push('NO_ENDPOINT');
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

/**
 * Reads an A2A Agent Card (v1.0 with `supportedInterfaces`; earlier cards with a top-level
 * `url` and `additionalInterfaces` are accepted, with a warning when only the legacy url exists).
 * Never throws: unreadable JSON gives `valid: false` with a JsonErrorCode.
 */
export function parseA2aAgentCard(text: string): A2aAgentCard {
  const json = readObject(text);
  if (!json.ok) {
    return { valid: false, name: null, description: null, version: null, skillCount: null, skillIds: [], interfaces: [], legacyUrl: null, hasSignatures: false, errors: [json.error], warnings: [] };
  }
  const card = json.value;
  const skills = Array.isArray(card['skills']) ? card['skills'] : null;
  const skillIds = (skills ?? [])
    .slice(0, MAX_LISTED)
    .map((s: unknown) => (isRecord(s) ? stringOrNull(s['id'], 200) ?? stringOrNull(s['name'], 200) : null))
    .filter((id): id is string => id !== null);
  const declared = Array.isArray(card['supportedInterfaces']) ? card['supportedInterfaces'] : asArray(card['additionalInterfaces']);
  const interfaces: A2aInterface[] = [];
  for (const entry of declared.slice(0, MAX_LISTED)) {
    const url = isRecord(entry) ? stringOrNull(entry['url'], 2048) : null;
    if (url === null || !isRecord(entry)) continue;
    const binding = stringOrNull(entry['protocolBinding'], 100) ?? stringOrNull(entry['transport'], 100);
    interfaces.push({ url, protocolBinding: binding, protocolVersion: stringOrNull(entry['protocolVersion'], 100) });
  }
  const name = stringOrNull(card['name'], 300);
  const description = stringOrNull(card['description'], 2000);
  const version = stringOrNull(card['version'], 100);
  const legacyUrl = stringOrNull(card['url'], 2048);
  const errors: ('NO_NAME' | 'NO_VERSION' | 'NO_SKILLS' | 'NO_INTERFACE')[] = [];
  if (name === null) errors.push('NO_NAME');
  if (version === null) errors.push('NO_VERSION');
  if (skills === null) errors.push('NO_SKILLS');
  if (interfaces.length === 0 && legacyUrl === null) errors.push('NO_INTERFACE');
  const warnings: ('NO_DESCRIPTION' | 'LEGACY_URL_ONLY')[] = [];
  if (description === null) warnings.push('NO_DESCRIPTION');
  if (interfaces.length === 0 && legacyUrl !== null) warnings.push('LEGACY_URL_ONLY');
  return {
    valid: errors.length === 0,
    name,
    description,
    version,
    skillCount: skills === null ? null : skills.length,
    skillIds,
    interfaces,
    legacyUrl,
    hasSignatures: Array.isArray(card['signatures']) && card['signatures'].length > 0,
    errors,
    warnings,
  };
}

type ObjectResult = { ok: true; value: Record<string, unknown> } | { ok: false; error: JsonErrorCode };

function readObject(text: string): ObjectResult {
  const parsed = parseJsonText(text, MAX_DECLARATION_CHARS);
  if (!parsed.ok) return parsed;
  return isRecord(parsed.value) ? { ok: true, value: parsed.value } : { ok: false, error: 'NOT_AN_OBJECT' };
}

function asArray(value: unknown): readonly unknown[] {
  return Array.isArray(value) ? value : [];
}
