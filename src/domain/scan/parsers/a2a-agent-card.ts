import { asArray, MAX_LISTED, readObject, type JsonErrorCode } from './json-declarations.js';
import { isHttpUrl, isRecord, stringOrNull } from './text-helpers.js';

interface A2aInterface {
  readonly url: string;
  readonly protocolBinding: string | null;
  readonly protocolVersion: string | null;
}

/** What an agent card lacks or gets wrong, by the members the A2A specification requires. */
type A2aErrorCode =
  | JsonErrorCode
  | 'NO_NAME'
  | 'NO_DESCRIPTION'
  | 'NO_VERSION'
  | 'NO_CAPABILITIES'
  | 'NO_INPUT_MODES'
  | 'NO_OUTPUT_MODES'
  | 'NO_SKILLS'
  | 'BAD_SKILL'
  | 'NO_SKILL_TAGS'
  | 'NO_INTERFACE'
  | 'NO_BINDING'
  | 'BAD_INTERFACE_URL';

export interface A2aAgentCard {
  /** True when the card has every member the specification requires, each of its type. */
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
  readonly errors: readonly A2aErrorCode[];
  readonly warnings: readonly 'LEGACY_URL_ONLY'[];
}

// An endpoint answers requests; a path ending like a document names a file, not an agent.
const DOCUMENT_PATH = /\.(?:txt|md|markdown|json|html?|xml|ya?ml|pdf)$/i;

/**
 * Reads an A2A Agent Card against the members the specification requires (v1.0, and the 0.x
 * cards still published): name, description, version, capabilities (an object),
 * defaultInputModes and defaultOutputModes (lists of media types), skills (each with id, name,
 * description and tags), and somewhere to reach the agent: `supportedInterfaces` entries with a
 * url and a protocolBinding (v1.0), or the 0.x top-level `url` (whose transport defaults to
 * JSON-RPC) with `additionalInterfaces` naming their transport. Interface URLs must be absolute
 * http(s) URLs of an endpoint, not of a document. Never throws: unreadable JSON gives
 * `valid: false` with a JsonErrorCode.
 */
export function parseA2aAgentCard(text: string): A2aAgentCard {
  const json = readObject(text);
  if (!json.ok) {
    return {
      valid: false,
      name: null,
      description: null,
      version: null,
      skillCount: null,
      skillIds: [],
      interfaces: [],
      legacyUrl: null,
      hasSignatures: false,
      errors: [json.error],
      warnings: [],
    };
  }
  const card = json.value;
  const skills = Array.isArray(card['skills']) ? card['skills'] : null;
  const skillIds = (skills ?? [])
    .slice(0, MAX_LISTED)
    .map((s: unknown) => (isRecord(s) ? (stringOrNull(s['id'], 200) ?? stringOrNull(s['name'], 200)) : null))
    .filter((id): id is string => id !== null);
  const v1 = Array.isArray(card['supportedInterfaces']);
  const declared = v1 ? (card['supportedInterfaces'] as unknown[]) : asArray(card['additionalInterfaces']);
  const interfaces: A2aInterface[] = [];
  let unbound = false;
  for (const entry of declared.slice(0, MAX_LISTED)) {
    const url = isRecord(entry) ? stringOrNull(entry['url'], 2048) : null;
    if (url === null || !isRecord(entry)) continue;
    const binding = stringOrNull(entry['protocolBinding'], 100) ?? stringOrNull(entry['transport'], 100);
    if (binding === null) unbound = true;
    interfaces.push({ url, protocolBinding: binding, protocolVersion: stringOrNull(entry['protocolVersion'], 100) });
  }
  const legacyUrl = stringOrNull(card['url'], 2048);
  const name = stringOrNull(card['name'], 300);
  const description = stringOrNull(card['description'], 2000);
  const version = stringOrNull(card['version'], 100);
  const errors: A2aErrorCode[] = [];
  if (name === null) errors.push('NO_NAME');
  if (description === null) errors.push('NO_DESCRIPTION');
  if (version === null) errors.push('NO_VERSION');
  if (!isRecord(card['capabilities'])) errors.push('NO_CAPABILITIES');
  if (!isMediaTypeList(card['defaultInputModes'])) errors.push('NO_INPUT_MODES');
  if (!isMediaTypeList(card['defaultOutputModes'])) errors.push('NO_OUTPUT_MODES');
  if (skills === null) errors.push('NO_SKILLS');
  else {
    if (!skills.every((s) => isRecord(s) && ['id', 'name', 'description'].every((m) => stringOrNull(s[m]) !== null))) errors.push('BAD_SKILL');
    if (!skills.every((s) => isRecord(s) && Array.isArray(s['tags']) && s['tags'].every((t) => typeof t === 'string'))) errors.push('NO_SKILL_TAGS');
  }
  if (interfaces.length === 0 && legacyUrl === null) errors.push('NO_INTERFACE');
  if (unbound) errors.push('NO_BINDING');
  if ([legacyUrl, ...interfaces.map((i) => i.url)].some((url) => url !== null && !isEndpointUrl(url))) errors.push('BAD_INTERFACE_URL');
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
    warnings: interfaces.length === 0 && legacyUrl !== null ? ['LEGACY_URL_ONLY'] : [],
  };
}

function isMediaTypeList(value: unknown): boolean {
  return Array.isArray(value) && value.every((v) => typeof v === 'string' && v.trim() !== '');
}

function isEndpointUrl(url: string): boolean {
  return isHttpUrl(url) && !DOCUMENT_PATH.test(new URL(url).pathname);
}
