/** An optional declaration: recorded, never scored, its absence never a failure. */
export interface DeclarationDefinition {
  readonly id: string;
  readonly title: string;
  readonly standard: string;
  readonly rule: string;
}

/** The declarations a scan looks for and never scores, each with its standard and rule (re-exported by methodology.ts). */
export const DECLARATIONS: readonly DeclarationDefinition[] = [
  {
    id: 'agents_md',
    title: 'Agent manifest /agents.md',
    standard: 'agents.md (site manifest)',
    rule: 'pass: Markdown (not HTML) at /agents.md; warn: present but unusable; info: absent.',
  },
  {
    id: 'llms_txt',
    title: '/llms.txt',
    standard: 'llmstxt.org proposal',
    rule: 'pass: Markdown that opens with its one H1 title and lists at least one `[name](url)` link in an H2 section (llmstxt.org: a title, then lists of links); warn: present but without one of these (a file of prose, `Title(URL)` or bare paths has no link), or an HTML page; info: absent.',
  },
  {
    id: 'mcp_server_card',
    title: 'MCP server card',
    standard: 'MCP SEP-1649 / SEP-2127 (draft)',
    rule: 'pass: JSON naming the server and a transport endpoint, an absolute http(s) URL or a path on the site, at /.well-known/mcp.json or /.well-known/mcp/server-card.json; warn: present but invalid; info: absent.',
  },
  {
    id: 'a2a_agent_card',
    title: 'A2A agent card',
    standard: 'A2A protocol agent card',
    rule: 'pass: JSON at /.well-known/agent-card.json with every member the A2A specification requires: name, description, version, capabilities, defaultInputModes and defaultOutputModes, skills each with id, name, description and tags, and supportedInterfaces each with a url and a protocolBinding (or a 0.x top-level url), every interface URL the absolute URL of an endpoint rather than of a document; warn: present but missing any of them; info: absent.',
  },
  {
    id: 'x402',
    title: 'x402 payment requirements',
    standard: 'x402 (HTTP 402 Payment Required)',
    rule: 'pass: a probe answered 402 with parseable payment requirements; warn: 402 without them; info: no 402. Vetted never pays.',
  },
  {
    id: 'openapi',
    title: 'OpenAPI document',
    standard: 'OpenAPI Specification 3.x / Swagger 2.0',
    rule: 'pass: an OpenAPI or Swagger document at /openapi.json; warn: invalid; info: absent.',
  },
  {
    id: 'markdown_negotiation',
    title: 'Markdown content negotiation',
    standard: 'RFC 9110 §12 (proactive negotiation)',
    rule: 'pass: GET / with Accept: text/markdown answers a non-empty text/markdown body that says `Vary: Accept`; warn: an empty text/markdown body, or one without `Vary: Accept` (RFC 9110 §12.5.5: a shared cache could serve it to browsers); info: it answers another type.',
  },
  {
    id: 'api_catalog',
    title: 'API catalog',
    standard: 'RFC 9727 (api-catalog well-known URI), RFC 9264 (linkset)',
    rule: 'pass: /.well-known/api-catalog is a linkset whose entries each have an absolute URL as anchor and at least one relation, every relation a list of target objects with an href (RFC 9264 §4.2); warn: present but invalid; info: absent.',
  },
  {
    id: 'oauth_protected_resource',
    title: 'OAuth protected resource metadata',
    standard: 'RFC 9728',
    rule: "pass: /.well-known/oauth-protected-resource is JSON with an https `resource` equal to the site's origin, https://{domain} (RFC 9728 §3.3), and, if listed, `authorization_servers` that are issuer identifiers (https, no query or fragment, not a /.well-known/ metadata URL); warn: present but invalid; info: absent.",
  },
  {
    id: 'oauth_authorization_server',
    title: 'OAuth authorization server metadata',
    standard: 'RFC 8414; OpenID Connect Discovery 1.0',
    rule: "pass: /.well-known/oauth-authorization-server or /.well-known/openid-configuration is JSON with an https `issuer` equal to the site's origin, https://{domain} (RFC 8414 §3.3; OpenID Connect Discovery §4.3), and `response_types_supported`, an https `authorization_endpoint` unless no offered grant uses it and an https `token_endpoint` unless only the implicit grant is offered (RFC 8414 §2), every endpoint https; at /.well-known/openid-configuration also `authorization_endpoint`, `jwks_uri`, `subject_types_supported` and `id_token_signing_alg_values_supported` (OpenID Connect Discovery §3); warn: present but invalid; info: absent at both.",
  },
  {
    id: 'webmcp',
    title: 'WebMCP tool forms',
    standard: 'WebMCP (W3C Web Machine Learning CG proposal, declarative API)',
    rule: 'pass: homepage forms carry `toolname` (letters, digits, _ . -) and `tooldescription`; warn: a tool form lacks either; info: no tool form.',
  },
  {
    id: 'link_headers',
    title: 'Link header for agents',
    standard: 'RFC 8288 (Web Linking); RFC 9727, RFC 8631 relations',
    rule: 'pass: the homepage Link header names api-catalog, service-desc, service-doc, service-meta, describedby or a text/markdown alternate; warn: a Link header that does not parse; info: none, or none of these relations.',
  },
  {
    id: 'agent_skills',
    title: 'Agent Skills index',
    standard: 'Agent Skills Discovery RFC v0.2.0 (agentskills.io)',
    rule: 'pass: /.well-known/agent-skills/index.json lists skills each with a name, a url and a SHA-256 digest, as `digest: "sha256:…"` (v0.2.0) or as a `sha256` member (earlier drafts); warn: present but invalid; info: absent.',
  },
  {
    id: 'ucp',
    title: 'UCP business profile',
    standard: 'Universal Commerce Protocol (ucp.dev)',
    rule: 'pass: /.well-known/ucp is JSON with a `ucp` object naming its `version` and at least one capability; warn: present but invalid; info: absent.',
  },
  {
    id: 'acp',
    title: 'ACP discovery document',
    standard: 'Agentic Commerce Protocol discovery RFC (proposal)',
    rule: 'pass: /.well-known/acp.json names protocol `acp` with a YYYY-MM-DD version ending `supported_versions`, an https `api_base_url`, a transport and a service; warn: present but invalid; info: absent.',
  },
  {
    id: 'ap2',
    title: 'AP2 payments extension',
    standard: 'Agent Payments Protocol (AP2) v0.1, an A2A extension',
    rule: 'pass: the A2A agent card lists an AP2 extension with params.roles (merchant, shopper, credentials-provider, payment-processor); warn: an AP2 extension without them; info: none.',
  },
  {
    id: 'web_bot_auth',
    title: 'Web Bot Auth key directory',
    standard: 'IETF draft: HTTP message signatures directory (Web Bot Auth)',
    rule: 'pass: /.well-known/http-message-signatures-directory is a JWKS whose keys each have a kty; warn: present but invalid; info: absent.',
  },
];
