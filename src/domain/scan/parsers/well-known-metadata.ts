import { MAX_DECLARATION_CHARS, type JsonErrorCode } from './json-declarations.js';
import { isHttpUrl, isRecord, parseJsonText } from './text-helpers.js';

/** What a metadata document at a well-known path says, as far as a declaration needs it. */
export interface MetadataDocument<E extends string> {
  /** True when the document has what its standard requires. */
  readonly valid: boolean;
  /** How many entries it lists (APIs, authorization servers, grant types, keys). */
  readonly count: number;
  readonly errors: readonly (JsonErrorCode | E)[];
}

/**
 * An API catalog (RFC 9727): a linkset (RFC 9264) whose `linkset` array holds link context
 * objects, each with an `anchor` and at least one relation (`item`, `service-desc`, `service-doc`,
 * `service-meta`...) listing targets with an `href`. `count` is the number of context objects.
 */
export function parseApiCatalog(text: string): MetadataDocument<'NO_LINKSET' | 'NO_ANCHOR' | 'NO_LINKS'> {
  const json = readObject(text);
  if (!json.ok) return unreadable(json.error);
  const linkset = json.value.linkset;
  if (!Array.isArray(linkset) || linkset.length === 0) return invalid('NO_LINKSET');
  const contexts = linkset.filter(isRecord);
  if (contexts.some((c) => typeof c.anchor !== 'string' || c.anchor === '')) return { valid: false, count: contexts.length, errors: ['NO_ANCHOR'] };
  const linked = contexts.filter((c) => Object.entries(c).some(([rel, targets]) => rel !== 'anchor' && Array.isArray(targets) && targets.some((t) => isRecord(t) && typeof t.href === 'string')));
  if (linked.length === 0) return { valid: false, count: contexts.length, errors: ['NO_LINKS'] };
  return { valid: true, count: contexts.length, errors: [] };
}

/**
 * OAuth 2.0 protected resource metadata (RFC 9728): `resource`, the resource's identifier, is
 * required and must be an https URL; `authorization_servers`, when present, lists issuer URLs.
 * Given `resourceIdentifier` (the identifier the metadata was fetched for: the site's origin at
 * /.well-known/oauth-protected-resource), `resource` must equal it (§3.3; a trailing slash is
 * allowed). `count` is the number of authorization servers.
 */
export function parseProtectedResourceMetadata(
  text: string,
  resourceIdentifier?: string,
): MetadataDocument<'NO_RESOURCE' | 'RESOURCE_NOT_HTTPS' | 'RESOURCE_MISMATCH' | 'BAD_AUTHORIZATION_SERVERS'> {
  const json = readObject(text);
  if (!json.ok) return unreadable(json.error);
  const { resource, authorization_servers: servers } = json.value;
  if (typeof resource !== 'string' || resource === '') return invalid('NO_RESOURCE');
  if (!isHttpsUrl(resource)) return invalid('RESOURCE_NOT_HTTPS');
  if (resourceIdentifier !== undefined && !sameIdentifier(resource, resourceIdentifier)) return invalid('RESOURCE_MISMATCH');
  if (servers !== undefined && (!Array.isArray(servers) || !servers.every((s) => typeof s === 'string' && isHttpsUrl(s)))) return invalid('BAD_AUTHORIZATION_SERVERS');
  return { valid: true, count: Array.isArray(servers) ? servers.length : 0, errors: [] };
}

/**
 * OAuth 2.0 authorization server metadata (RFC 8414; OpenID Connect discovery has the same
 * members): `issuer` (an https URL) and `response_types_supported` are required, and so is
 * `token_endpoint` unless only the implicit flow is offered (not judged here: its presence is
 * counted). Given `issuerIdentifier` (the issuer the metadata was fetched for: the site's origin
 * at its well-known paths), `issuer` must equal it (RFC 8414 §3.3, OpenID Connect Discovery
 * §4.3; a trailing slash is allowed). `count` is the number of response types.
 */
export function parseAuthorizationServerMetadata(text: string, issuerIdentifier?: string): MetadataDocument<'NO_ISSUER' | 'ISSUER_NOT_HTTPS' | 'ISSUER_MISMATCH' | 'NO_RESPONSE_TYPES'> {
  const json = readObject(text);
  if (!json.ok) return unreadable(json.error);
  const { issuer, response_types_supported: types } = json.value;
  if (typeof issuer !== 'string' || issuer === '') return invalid('NO_ISSUER');
  if (!isHttpsUrl(issuer)) return invalid('ISSUER_NOT_HTTPS');
  if (issuerIdentifier !== undefined && !sameIdentifier(issuer, issuerIdentifier)) return invalid('ISSUER_MISMATCH');
  if (!Array.isArray(types) || types.length === 0 || !types.every((t) => typeof t === 'string')) return invalid('NO_RESPONSE_TYPES');
  return { valid: true, count: types.length, errors: [] };
}

/**
 * A Web Bot Auth key directory (HTTP message signatures directory, IETF draft): a JWKS, `keys`
 * an array of JWKs each with `kty`. `count` is the number of keys.
 */
export function parseSignaturesDirectory(text: string): MetadataDocument<'NO_KEYS' | 'BAD_KEY'> {
  const json = readObject(text);
  if (!json.ok) return unreadable(json.error);
  const keys = json.value.keys;
  if (!Array.isArray(keys) || keys.length === 0) return invalid('NO_KEYS');
  if (!keys.every((k) => isRecord(k) && typeof k.kty === 'string')) return { valid: false, count: keys.length, errors: ['BAD_KEY'] };
  return { valid: true, count: keys.length, errors: [] };
}

/**
 * An Agent Skills discovery index (Agent Skills Discovery RFC v0.2.0, at
 * /.well-known/agent-skills/index.json): `skills` entries each with a `name`, a `url` (the
 * SKILL.md or archive) and a `digest` (`sha256:` and 64 hex digits) of what the url serves.
 * `count` is the number of skills.
 */
export function parseAgentSkillsIndex(text: string): MetadataDocument<'NO_SKILLS' | 'BAD_ENTRY' | 'NO_DIGEST'> {
  const json = readObject(text);
  if (!json.ok) return unreadable(json.error);
  const skills = json.value.skills;
  if (!Array.isArray(skills) || skills.length === 0) return invalid('NO_SKILLS');
  if (!skills.every((e) => isRecord(e) && typeof e.name === 'string' && e.name !== '' && typeof e.url === 'string' && e.url !== '')) return { valid: false, count: skills.length, errors: ['BAD_ENTRY'] };
  if (!skills.every((e) => typeof e.digest === 'string' && /^sha256:[0-9a-f]{64}$/i.test(e.digest))) return { valid: false, count: skills.length, errors: ['NO_DIGEST'] };
  return { valid: true, count: skills.length, errors: [] };
}

/**
 * A Universal Commerce Protocol business profile (/.well-known/ucp): a `ucp` object with the
 * protocol `version` and the `capabilities` the business offers (a list or a map, not empty).
 * `count` is the number of capabilities.
 */
export function parseUcpProfile(text: string): MetadataDocument<'NO_UCP' | 'NO_VERSION' | 'NO_CAPABILITIES'> {
  const json = readObject(text);
  if (!json.ok) return unreadable(json.error);
  const ucp = json.value.ucp;
  if (!isRecord(ucp)) return invalid('NO_UCP');
  if (typeof ucp.version !== 'string' || ucp.version === '') return invalid('NO_VERSION');
  const capabilities = ucp.capabilities;
  const count = Array.isArray(capabilities) ? capabilities.length : isRecord(capabilities) ? Object.keys(capabilities).length : 0;
  if (count === 0) return invalid('NO_CAPABILITIES');
  return { valid: true, count, errors: [] };
}

/**
 * An Agentic Commerce Protocol discovery document (/.well-known/acp.json, ACP discovery RFC):
 * `protocol.name` "acp" with a `YYYY-MM-DD` `version` that ends `supported_versions`, an https
 * `api_base_url`, at least one transport and at least one service in `capabilities.services`.
 * `count` is the number of services.
 */
export function parseAcpDiscovery(text: string): MetadataDocument<'NOT_ACP' | 'BAD_VERSION' | 'BASE_URL_NOT_HTTPS' | 'NO_TRANSPORTS' | 'NO_SERVICES'> {
  const json = readObject(text);
  if (!json.ok) return unreadable(json.error);
  const { protocol, api_base_url: baseUrl, transports, capabilities } = json.value;
  if (!isRecord(protocol) || protocol.name !== 'acp') return invalid('NOT_ACP');
  const versions = Array.isArray(protocol.supported_versions) ? protocol.supported_versions : [];
  if (typeof protocol.version !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(protocol.version) || versions.at(-1) !== protocol.version) return invalid('BAD_VERSION');
  if (typeof baseUrl !== 'string' || !isHttpsUrl(baseUrl)) return invalid('BASE_URL_NOT_HTTPS');
  if (!Array.isArray(transports) || !transports.some((t) => typeof t === 'string' && t !== '')) return invalid('NO_TRANSPORTS');
  const services = isRecord(capabilities) && Array.isArray(capabilities.services) ? capabilities.services.filter((v) => typeof v === 'string' && v !== '') : [];
  if (services.length === 0) return invalid('NO_SERVICES');
  return { valid: true, count: services.length, errors: [] };
}

/** The AP2 extension of an A2A agent card, when it has one. */
export interface Ap2Extension {
  /** The card declares an extension whose URI names AP2. */
  readonly declared: boolean;
  readonly valid: boolean;
  /** `params.roles` (merchant, shopper, credentials-provider, payment-processor), first 10. */
  readonly roles: readonly string[];
  readonly errors: readonly (JsonErrorCode | 'NO_ROLES')[];
}

const AP2_ROLES = new Set(['merchant', 'shopper', 'credentials-provider', 'payment-processor']);

/**
 * AP2 (Agent Payments Protocol) v0.1 support, declared as an extension of the A2A agent card:
 * an entry of `capabilities.extensions` whose `uri` names AP2, with `params.roles` listing the
 * roles the agent plays. Not declared when the card has no such extension.
 */
export function parseAp2Extension(agentCardText: string): Ap2Extension {
  const json = readObject(agentCardText);
  if (!json.ok) return { declared: false, valid: false, roles: [], errors: [json.error] };
  const capabilities = json.value.capabilities;
  const extensions = isRecord(capabilities) && Array.isArray(capabilities.extensions) ? capabilities.extensions : [];
  const ap2 = extensions.find((e) => isRecord(e) && typeof e.uri === 'string' && /(^|[/._-])ap2([/._-]|$)/i.test(e.uri)) as Record<string, unknown> | undefined;
  if (!ap2) return { declared: false, valid: false, roles: [], errors: [] };
  const params = ap2.params;
  const roles = (isRecord(params) && Array.isArray(params.roles) ? params.roles : []).filter((r): r is string => typeof r === 'string' && AP2_ROLES.has(r)).slice(0, 10);
  return roles.length > 0 ? { declared: true, valid: true, roles, errors: [] } : { declared: true, valid: false, roles: [], errors: ['NO_ROLES'] };
}

function readObject(text: string): { ok: true; value: Record<string, unknown> } | { ok: false; error: JsonErrorCode } {
  const parsed = parseJsonText(text, MAX_DECLARATION_CHARS);
  if (!parsed.ok) return parsed;
  return isRecord(parsed.value) ? { ok: true, value: parsed.value } : { ok: false, error: 'NOT_AN_OBJECT' };
}

function unreadable(error: JsonErrorCode): MetadataDocument<never> {
  return { valid: false, count: 0, errors: [error] };
}

function invalid<E extends string>(error: E): MetadataDocument<E> {
  return { valid: false, count: 0, errors: [error] };
}

function isHttpsUrl(text: string): boolean {
  return isHttpUrl(text) && text.toLowerCase().startsWith('https://');
}

// The identifiers are compared as URLs, so `https://a.example` and `https://a.example/` (and the
// host's letter case) agree; anything else, a path, a query, another host or port, does not.
function sameIdentifier(declared: string, expected: string): boolean {
  if (!URL.canParse(declared) || !URL.canParse(expected)) return false;
  return new URL(declared).href === new URL(expected).href;
}
