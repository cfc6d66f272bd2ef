import type { JsonErrorCode } from './json-declarations.js';
import { invalid, isHttpsUrl, readObject, unreadable, type MetadataDocument } from './metadata-document.js';
import { isHttpUrl, isRecord } from './text-helpers.js';

/**
 * An API catalog (RFC 9727): a linkset (RFC 9264) whose `linkset` array holds link context
 * objects, each with an absolute URL as `anchor` and at least one relation (`item`, `service-desc`, `service-doc`,
 * `service-meta`...), every relation a list of target objects each with an `href`. `count` is the number of context objects.
 */
export function parseApiCatalog(text: string): MetadataDocument<'NO_LINKSET' | 'NO_ANCHOR' | 'NO_LINKS' | 'BAD_TARGET'> {
  const json = readObject(text);
  if (!json.ok) return unreadable(json.error);
  const linkset = json.value.linkset;
  if (!Array.isArray(linkset) || linkset.length === 0) return invalid('NO_LINKSET');
  const contexts = linkset.filter(isRecord);
  if (contexts.length < linkset.length || contexts.some((c) => typeof c.anchor !== 'string' || !isHttpUrl(c.anchor)))
    return { valid: false, count: contexts.length, errors: ['NO_ANCHOR'] };
  // RFC 9264 §4.2: every relation holds target objects, each with an href.
  const relations = (c: Record<string, unknown>) =>
    Object.entries(c)
      .filter(([rel]) => rel !== 'anchor')
      .map(([, targets]) => targets);
  const targetsOk = contexts.every((c) =>
    relations(c).every((targets) => Array.isArray(targets) && targets.every((t) => isRecord(t) && typeof t.href === 'string' && t.href !== '')),
  );
  const linked = contexts.every((c) => relations(c).some((targets) => Array.isArray(targets) && targets.length > 0));
  if (!linked) return { valid: false, count: contexts.length, errors: ['NO_LINKS'] };
  if (!targetsOk) return { valid: false, count: contexts.length, errors: ['BAD_TARGET'] };
  return { valid: true, count: contexts.length, errors: [] };
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
 * SKILL.md or archive) and a SHA-256 digest of what the url serves: `digest` as `sha256:` and 64
 * hex digits (v0.2.0), or a `sha256` member holding the 64 hex digits (the earlier drafts' form).
 * `count` is the number of skills.
 */
export function parseAgentSkillsIndex(text: string): MetadataDocument<'NO_SKILLS' | 'BAD_ENTRY' | 'NO_DIGEST'> {
  const json = readObject(text);
  if (!json.ok) return unreadable(json.error);
  const skills = json.value.skills;
  if (!Array.isArray(skills) || skills.length === 0) return invalid('NO_SKILLS');
  if (!skills.every((e) => isRecord(e) && typeof e.name === 'string' && e.name !== '' && typeof e.url === 'string' && e.url !== ''))
    return { valid: false, count: skills.length, errors: ['BAD_ENTRY'] };
  if (!skills.every(hasSha256Digest)) return { valid: false, count: skills.length, errors: ['NO_DIGEST'] };
  return { valid: true, count: skills.length, errors: [] };
}

function hasSha256Digest(entry: Record<string, unknown>): boolean {
  const { digest, sha256 } = entry;
  return (typeof digest === 'string' && /^sha256:[0-9a-f]{64}$/i.test(digest)) || (typeof sha256 === 'string' && /^(?:sha256:)?[0-9a-f]{64}$/i.test(sha256));
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
  if (typeof protocol.version !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(protocol.version) || versions.at(-1) !== protocol.version)
    return invalid('BAD_VERSION');
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
  const roles = (isRecord(params) && Array.isArray(params.roles) ? params.roles : [])
    .filter((r): r is string => typeof r === 'string' && AP2_ROLES.has(r))
    .slice(0, 10);
  return roles.length > 0 ? { declared: true, valid: true, roles, errors: [] } : { declared: true, valid: false, roles: [], errors: ['NO_ROLES'] };
}
