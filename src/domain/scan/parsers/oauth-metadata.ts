import { invalid, isHttpsUrl, readObject, unreadable, type MetadataDocument } from './metadata-document.js';

/**
 * OAuth 2.0 protected resource metadata (RFC 9728): `resource`, the resource's identifier, is
 * required and must be an https URL; `authorization_servers`, when present, lists issuer
 * identifiers (RFC 8414 §2: https, no query or fragment; a /.well-known/ metadata URL is not one).
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
  if (servers !== undefined && (!Array.isArray(servers) || !servers.every((s) => typeof s === 'string' && isIssuerIdentifier(s))))
    return invalid('BAD_AUTHORIZATION_SERVERS');
  return { valid: true, count: Array.isArray(servers) ? servers.length : 0, errors: [] };
}

export type AuthorizationServerErrorCode =
  | 'NO_ISSUER'
  | 'ISSUER_NOT_HTTPS'
  | 'ISSUER_MISMATCH'
  | 'NO_RESPONSE_TYPES'
  | 'NO_AUTHORIZATION_ENDPOINT'
  | 'NO_TOKEN_ENDPOINT'
  | 'ENDPOINT_NOT_HTTPS'
  | 'NO_OPENID_MEMBERS';

// RFC 8414 §2: without grant_types_supported, the server offers these two.
const DEFAULT_GRANTS = ['authorization_code', 'implicit'];
const ENDPOINTS = [
  'authorization_endpoint',
  'token_endpoint',
  'jwks_uri',
  'registration_endpoint',
  'revocation_endpoint',
  'introspection_endpoint',
  'userinfo_endpoint',
];
// OpenID Connect Discovery 1.0 §3: required of an OpenID Provider beyond RFC 8414's members.
const OPENID_REQUIRED = ['jwks_uri', 'subject_types_supported', 'id_token_signing_alg_values_supported'];

/**
 * OAuth 2.0 authorization server metadata (RFC 8414), or OpenID Connect discovery when `openid`:
 * `issuer` (an https URL, equal to `issuerIdentifier` when given: RFC 8414 §3.3, OpenID Connect
 * Discovery §4.3, a trailing slash allowed) and `response_types_supported` are required;
 * `authorization_endpoint` unless no offered grant uses it, `token_endpoint` unless only the
 * implicit grant is offered (§2, grants defaulting to authorization_code and implicit); every
 * endpoint given must be https. OpenID discovery also requires `authorization_endpoint`,
 * `jwks_uri`, `subject_types_supported` and `id_token_signing_alg_values_supported`. An issuer
 * problem is reported alone; the others together. `count` is the number of response types.
 */
export function parseAuthorizationServerMetadata(text: string, issuerIdentifier?: string, openid = false): MetadataDocument<AuthorizationServerErrorCode> {
  const json = readObject(text);
  if (!json.ok) return unreadable(json.error);
  const meta = json.value;
  const { issuer, response_types_supported: types } = meta;
  if (typeof issuer !== 'string' || issuer === '') return invalid('NO_ISSUER');
  if (!isHttpsUrl(issuer)) return invalid('ISSUER_NOT_HTTPS');
  if (issuerIdentifier !== undefined && !sameIdentifier(issuer, issuerIdentifier)) return invalid('ISSUER_MISMATCH');
  const errors: AuthorizationServerErrorCode[] = [];
  const typeList = Array.isArray(types) && types.length > 0 && types.every((t) => typeof t === 'string') ? (types as string[]) : null;
  if (typeList === null) errors.push('NO_RESPONSE_TYPES');
  const grants = Array.isArray(meta.grant_types_supported) ? meta.grant_types_supported.filter((g): g is string => typeof g === 'string') : DEFAULT_GRANTS;
  const usesAuthorization = openid || grants.some((g) => g === 'authorization_code' || g === 'implicit');
  if (usesAuthorization && typeof meta.authorization_endpoint !== 'string') errors.push('NO_AUTHORIZATION_ENDPOINT');
  if (grants.some((g) => g !== 'implicit') && typeof meta.token_endpoint !== 'string') errors.push('NO_TOKEN_ENDPOINT');
  if (ENDPOINTS.some((name) => meta[name] !== undefined && !(typeof meta[name] === 'string' && isHttpsUrl(meta[name] as string))))
    errors.push('ENDPOINT_NOT_HTTPS');
  if (openid && OPENID_REQUIRED.some((name) => meta[name] === undefined)) errors.push('NO_OPENID_MEMBERS');
  return { valid: errors.length === 0, count: typeList?.length ?? 0, errors };
}

function isIssuerIdentifier(text: string): boolean {
  if (!isHttpsUrl(text)) return false;
  const url = new URL(text);
  return url.search === '' && url.hash === '' && !text.includes('?') && !text.includes('#') && !url.pathname.includes('/.well-known/');
}

// The identifiers are compared as URLs, so `https://a.example` and `https://a.example/` (and the
// host's letter case) agree; anything else, a path, a query, another host or port, does not.
function sameIdentifier(declared: string, expected: string): boolean {
  if (!URL.canParse(declared) || !URL.canParse(expected)) return false;
  return new URL(declared).href === new URL(expected).href;
}
