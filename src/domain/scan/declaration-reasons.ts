import type { parseAgentsMd } from './parsers/agents-md.js';
import type { parseA2aAgentCard } from './parsers/a2a-agent-card.js';
import type { JsonErrorCode, parseMcpServerCard } from './parsers/json-declarations.js';
import type { parseAgentLinks } from './parsers/link-header.js';
import type { parseLlmsTxt } from './parsers/llms-txt.js';
import type { parseOpenApiDocument } from './parsers/openapi-document.js';
import type { parseAuthorizationServerMetadata, parseProtectedResourceMetadata } from './parsers/oauth-metadata.js';
import type {
  parseAcpDiscovery,
  parseAgentSkillsIndex,
  parseAp2Extension,
  parseApiCatalog,
  parseSignaturesDirectory,
  parseUcpProfile,
} from './parsers/well-known-metadata.js';
import type { parseX402 } from './parsers/x402.js';

type ErrorsOf<F extends (...args: never[]) => { readonly errors: readonly string[] }> = ReturnType<F>['errors'][number];
type Reasons<F extends (...args: never[]) => { readonly errors: readonly string[] }> = Readonly<Record<ErrorsOf<F>, string>>;

// Why a JSON document could not be read at all, said of `what` ("The API catalog").
function unreadable(what: string): Readonly<Record<JsonErrorCode, string>> {
  return {
    EMPTY: `${what} is empty: publish the JSON document at this path.`,
    TOO_LARGE: `${what} is too large for a scan to read: keep it under 256 KiB.`,
    HTML: `${what} answers with an HTML page, not JSON: serve the JSON document itself (with Content-Type application/json), and answer 404 where there is none.`,
    INVALID_JSON: `${what} is not valid JSON: check it with a JSON validator (a trailing comma or a comment is enough to break it).`,
    NOT_AN_OBJECT: `${what} is JSON but not an object: its top level must be one { ... } object.`,
  };
}

/**
 * For every declaration whose parser reports error codes, a sentence per code that tells a site
 * owner what is wrong and what to publish instead. The sentences are Vetted's own words and never
 * quote the site. The types take the codes from each parser, so a new code does not compile
 * without its sentence.
 */
export const DECLARATION_REASONS = {
  agents_md: {
    EMPTY: '/agents.md is empty: write the manifest for agents in Markdown.',
    HTML: '/agents.md answers with an HTML page: serve the Markdown file itself as text/markdown, and answer 404 where there is none.',
  } satisfies Reasons<typeof parseAgentsMd>,
  llms_txt: {
    EMPTY: '/llms.txt is empty: write a Markdown summary of the site that starts with an H1.',
    HTML: '/llms.txt answers with an HTML page: serve the Markdown file itself as text/plain or text/markdown, and answer 404 where there is none.',
    NO_H1: '/llms.txt has no H1 heading: start it with a line "# " followed by the name of the site.',
    H1_NOT_FIRST: '/llms.txt does not open with its H1 heading: put the "# " title line first, before any other text (llmstxt.org).',
    MULTIPLE_H1: '/llms.txt has more than one H1 heading: keep one "# " title and make the other headings H2 sections ("## ").',
    NO_LINKS:
      '/llms.txt lists no link: under "## " section headings, list pages as Markdown links, one a line, such as "- [Pricing](https://{domain}/pricing): what it costs" (a "Title(URL)" or a bare path is not a link).',
  } satisfies Reasons<typeof parseLlmsTxt>,
  mcp_server_card: {
    ...unreadable('The MCP server card'),
    NO_NAME: 'The MCP server card names no server: add serverInfo.name (or a top-level name).',
    NO_ENDPOINT: 'The MCP server card gives no endpoint to connect to: add a transport (or remotes) entry with the endpoint URL.',
    BAD_ENDPOINT:
      'An endpoint of the MCP server card is neither an absolute https URL nor a path on the site (such as "/mcp"): give the URL that answers MCP requests.',
  } satisfies Reasons<typeof parseMcpServerCard>,
  a2a_agent_card: {
    ...unreadable('The A2A agent card'),
    NO_NAME: 'The A2A agent card has no name: add name, what the agent is called.',
    NO_DESCRIPTION: 'The A2A agent card has no description: add description, a sentence a client can choose the agent by.',
    NO_VERSION: 'The A2A agent card has no version: add version, the version of the agent (such as "1.0.0").',
    NO_CAPABILITIES: 'The A2A agent card has no capabilities object: add capabilities, such as {"streaming": false, "pushNotifications": false}.',
    NO_INPUT_MODES: 'The A2A agent card has no defaultInputModes: list the media types the agent accepts, such as ["text/plain"].',
    NO_OUTPUT_MODES: 'The A2A agent card has no defaultOutputModes: list the media types the agent answers with, such as ["application/json"].',
    NO_SKILLS: 'The A2A agent card has no skills list: add skills, an array describing what the agent does.',
    BAD_SKILL: 'A skill of the A2A agent card lacks its id, name or description: give every skill all three.',
    NO_SKILL_TAGS: 'A skill of the A2A agent card has no tags: give every skill a tags array of keywords (it may be short, not absent).',
    NO_INTERFACE: 'The A2A agent card says nowhere to reach the agent: add supportedInterfaces with the URL and protocol binding.',
    NO_BINDING: 'An interface of the A2A agent card names no protocol: give each entry its protocolBinding, such as "JSONRPC", "GRPC" or "HTTP+JSON".',
    BAD_INTERFACE_URL:
      'An interface URL of the A2A agent card is not the absolute https URL of an endpoint (it is relative, or names a document such as a .txt or .json file): give the URL that answers A2A requests.',
  } satisfies Reasons<typeof parseA2aAgentCard>,
  x402: {
    NOT_402: 'The answer was not HTTP 402 Payment Required: only a 402 answer carries x402 payment requirements.',
    NO_PAYMENT_REQUIREMENTS:
      'The 402 answer carries no payment requirements: send them base64-encoded in a PAYMENT-REQUIRED header (x402 v2) or as a JSON body (v1).',
    INVALID_HEADER: 'The PAYMENT-REQUIRED header is not base64-encoded JSON with x402Version and accepts: encode the payment requirements object in it.',
    INVALID_BODY: 'The 402 body is not a JSON object with x402Version and accepts: put the payment requirements in it.',
    NO_ACCEPTS: 'The payment requirements accept no payment: list at least one way to pay in accepts.',
  } satisfies Reasons<typeof parseX402>,
  openapi: {
    ...unreadable('/openapi.json'),
    INVALID_YAML: '/openapi.json is neither JSON nor valid YAML: publish the description as JSON.',
    NOT_OPENAPI: '/openapi.json is not an OpenAPI description: it needs an openapi (3.x) or swagger (2.0) field at its top level.',
    UNSUPPORTED_VERSION: '/openapi.json declares an OpenAPI version other than 3.x or Swagger 2.0: publish a 3.x description.',
    NO_TITLE: '/openapi.json has no info.title: give the API a name in info.title.',
  } satisfies Reasons<typeof parseOpenApiDocument>,
  link_headers: {
    TOO_LARGE: 'The homepage Link header is longer than 16 KiB: keep only the links agents need.',
    UNPARSABLE: 'The homepage Link header does not follow RFC 8288: write each link as <URL>; rel="relation", separated by commas.',
  } satisfies Reasons<typeof parseAgentLinks>,
  api_catalog: {
    ...unreadable('The API catalog'),
    NO_LINKSET: 'The API catalog has no entries: publish a linkset array with one object per API.',
    NO_ANCHOR: 'An entry of the API catalog has no anchor, or one that is not an absolute URL: give each entry the full URL of its API as anchor.',
    NO_LINKS: 'An entry of the API catalog links nothing: give each entry a relation such as service-desc or item listing objects with an href.',
    BAD_TARGET:
      'A link of the API catalog is not a list of target objects with an href: write each relation as a list such as [{"href": "https://…/openapi.json"}] (RFC 9264 §4.2).',
  } satisfies Reasons<typeof parseApiCatalog>,
  oauth_protected_resource: {
    ...unreadable('The protected resource metadata'),
    NO_RESOURCE: 'The protected resource metadata has no resource: add resource, the https URL of the site (RFC 9728).',
    RESOURCE_NOT_HTTPS: 'The resource of the protected resource metadata is not an https URL: clients accept only https.',
    RESOURCE_MISMATCH:
      'The resource of the protected resource metadata is not the site it was fetched from: at /.well-known/oauth-protected-resource it must be https://{domain} exactly (RFC 9728 §3.3), or clients reject the metadata.',
    BAD_AUTHORIZATION_SERVERS:
      "The authorization_servers of the protected resource metadata are not a list of issuer identifiers: list each authorization server's issuer, an https URL without query or fragment (such as https://login.example.com), not the URL of its /.well-known/ metadata.",
  } satisfies Reasons<typeof parseProtectedResourceMetadata>,
  oauth_authorization_server: {
    ...unreadable('The authorization server metadata'),
    NO_ISSUER: 'The authorization server metadata has no issuer: add issuer, the https URL of the authorization server.',
    ISSUER_NOT_HTTPS: 'The issuer of the authorization server metadata is not an https URL: clients accept only https.',
    ISSUER_MISMATCH:
      "The issuer of the authorization server metadata is not the site it was fetched from: at the site's own well-known path it must be https://{domain} exactly (RFC 8414 §3.3, OpenID Connect Discovery §4.3), or clients reject the metadata.",
    NO_RESPONSE_TYPES: 'The authorization server metadata has no response_types_supported: list the response types it offers, such as ["code"].',
    NO_AUTHORIZATION_ENDPOINT:
      'The authorization server metadata has no authorization_endpoint although its grants (authorization_code or implicit, the default when grant_types_supported is absent) need one: add the https URL of the authorization endpoint (RFC 8414 §2).',
    NO_TOKEN_ENDPOINT:
      'The authorization server metadata has no token_endpoint, required unless only the implicit grant is offered: add the https URL of the token endpoint (RFC 8414 §2).',
    ENDPOINT_NOT_HTTPS:
      'An endpoint of the authorization server metadata (authorization, token, jwks_uri, registration, revocation, introspection or userinfo) is not an https URL: clients accept only https.',
    NO_OPENID_MEMBERS:
      'The OpenID Connect discovery document lacks a member every OpenID provider must publish: give jwks_uri, subject_types_supported and id_token_signing_alg_values_supported (OpenID Connect Discovery §3).',
  } satisfies Reasons<typeof parseAuthorizationServerMetadata>,
  web_bot_auth: {
    ...unreadable('The key directory'),
    NO_KEYS: 'The key directory lists no keys: publish a JWKS whose keys array holds the public keys the bot signs with.',
    BAD_KEY: 'A key of the key directory has no kty: publish each key as a JWK (for Ed25519, kty "OKP", crv "Ed25519" and x).',
  } satisfies Reasons<typeof parseSignaturesDirectory>,
  agent_skills: {
    ...unreadable('The Agent Skills index'),
    NO_SKILLS: 'The Agent Skills index lists no skills: add a skills array with one entry per skill.',
    BAD_ENTRY: 'A skill of the Agent Skills index lacks its name or url: give each skill a name and the url of its SKILL.md or archive.',
    NO_DIGEST:
      'A skill of the Agent Skills index gives no SHA-256 digest of what its url serves, neither as digest ("sha256:" and 64 hex digits) nor as sha256 (the 64 hex digits): add one, so that agents can check what they download.',
  } satisfies Reasons<typeof parseAgentSkillsIndex>,
  ucp: {
    ...unreadable('The UCP profile'),
    NO_UCP: 'The UCP profile has no ucp object: put the version and capabilities inside "ucp".',
    NO_VERSION: 'The UCP profile names no protocol version: add ucp.version, the dated UCP version it follows (such as "2026-01-11").',
    NO_CAPABILITIES: 'The UCP profile offers no capabilities: list at least one in ucp.capabilities.',
  } satisfies Reasons<typeof parseUcpProfile>,
  acp: {
    ...unreadable('The ACP discovery document'),
    NOT_ACP: 'The ACP discovery document does not name its protocol: add protocol.name "acp".',
    BAD_VERSION:
      "The ACP discovery document's protocol.version is not a YYYY-MM-DD date ending protocol.supported_versions: list the versions oldest first, the current one last.",
    BASE_URL_NOT_HTTPS: "The ACP discovery document's api_base_url is not an https URL: give the https base of the API.",
    NO_TRANSPORTS: 'The ACP discovery document lists no transports: name at least one, such as "rest".',
    NO_SERVICES: 'The ACP discovery document offers no services: list at least one in capabilities.services, such as "checkout".',
  } satisfies Reasons<typeof parseAcpDiscovery>,
  ap2: {
    ...unreadable('The A2A agent card'),
    NO_ROLES: 'The AP2 extension names no role: list in params.roles the roles the agent plays (merchant, shopper, credentials-provider, payment-processor).',
  } satisfies Reasons<typeof parseAp2Extension>,
};

/** A declaration whose parser reports error codes. */
export type DeclarationWithReasons = keyof typeof DECLARATION_REASONS;

/**
 * The sentences a site owner reads for the codes a declaration's parser reported, joined, with
 * `{domain}` filled in. A code without a sentence (a test keeps there being none) reads as itself.
 */
export function declarationProblem(id: DeclarationWithReasons, errors: readonly string[], domain: string): string {
  const reasons: Readonly<Record<string, string>> = DECLARATION_REASONS[id];
  return errors.map((code) => (reasons[code] ?? `${code}.`).replaceAll('{domain}', domain)).join(' ');
}
