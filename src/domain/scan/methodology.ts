import { METHODOLOGY_REVISIONS } from './methodology-history.js';

/** The version every report and readiness answer carries; a stored result is reused only under the same one. */
export const METHODOLOGY_VERSION = METHODOLOGY_REVISIONS[0]!.version;

/** A core check: scored for every site; the maxima sum to 100. */
export interface CheckDefinition {
  readonly id: string;
  readonly category: 'transport' | 'crawlability' | 'identity' | 'security_contact';
  readonly title: string;
  readonly max: number;
  readonly standard: string;
  /** How the points are earned, for /methodology.md. */
  readonly rule: string;
}

/** An optional declaration: recorded, never scored, its absence never a failure. */
export interface DeclarationDefinition {
  readonly id: string;
  readonly title: string;
  readonly standard: string;
  readonly rule: string;
}

export const CORE_CHECKS: readonly CheckDefinition[] = [
  {
    id: 'https_reachable',
    category: 'transport',
    title: 'Homepage reachable over HTTPS',
    max: 15,
    standard: 'RFC 9110 (HTTP semantics)',
    rule: 'pass 15: https://{domain}/ answers 2xx after redirects; warn 5: it answers another status; fail 0: no HTTPS answer.',
  },
  {
    id: 'tls_certificate',
    category: 'transport',
    title: 'TLS certificate valid',
    max: 10,
    standard: 'RFC 5280, RFC 6125 (certificate and host name verification)',
    rule: 'pass 10: the chain verifies for the host name and expires in 14 days or more; warn 5: valid but expires within 14 days; fail 0: verification failed or no HTTPS.',
  },
  {
    id: 'http_redirect',
    category: 'transport',
    title: 'HTTP redirects to HTTPS',
    max: 5,
    standard: 'RFC 9110 §15.4; MDN redirection guidance',
    rule: 'pass 5: http://{domain}/ redirects first to https on the same host and ends on https; warn 2: it ends on https by another way; fail 0: it stays on http; info 0: port 80 does not answer (nothing to judge, no points).',
  },
  {
    id: 'hsts',
    category: 'transport',
    title: 'HTTP Strict Transport Security',
    max: 5,
    standard: 'RFC 6797',
    rule: 'pass 5: Strict-Transport-Security on the HTTPS homepage with max-age ≥ 15768000 (six months); warn 2: a shorter max-age; fail 0: absent or malformed.',
  },
  {
    id: 'security_headers',
    category: 'transport',
    title: 'Essential security headers',
    max: 10,
    standard: 'W3C CSP Level 3; WHATWG Fetch (X-Content-Type-Options); RFC 7034; W3C Referrer Policy',
    rule: 'Content-Security-Policy 4, X-Content-Type-Options: nosniff 2, framing protection (X-Frame-Options or CSP frame-ancestors) 2, Referrer-Policy 2; pass when all, warn when some, fail when none.',
  },
  {
    id: 'robots_txt',
    category: 'crawlability',
    title: 'robots.txt parseable',
    max: 7,
    standard: 'RFC 9309',
    rule: 'pass 7: 2xx plain text that parses with at least one group and no invalid lines; warn 4: parses with problems, or 4xx (RFC 9309: unavailable, so everything may be crawled); fail 0: 5xx, unreachable or HTML (RFC 9309: assume complete disallow).',
  },
  {
    id: 'ai_agent_access',
    category: 'crawlability',
    title: 'robots.txt lets AI agents in',
    max: 4,
    standard: 'RFC 9309; contentsignals.org',
    rule: 'pass 4: every listed AI crawler may fetch /; warn 2: some may; fail 0: none may (including a robots.txt that is unreachable, which RFC 9309 reads as complete disallow).',
  },
  {
    id: 'sitemap',
    category: 'crawlability',
    title: 'Sitemap',
    max: 6,
    standard: 'sitemaps.org protocol 0.9',
    rule: 'pass 6: the sitemap named in robots.txt (or /sitemap.xml) parses with at least one URL; warn 3: it exists but does not parse cleanly; fail 0: none.',
  },
  {
    id: 'homepage_metadata',
    category: 'identity',
    title: 'Homepage metadata',
    max: 9,
    standard: 'WHATWG HTML (title, meta description, lang)',
    rule: '3 points each for a non-empty <title>, <meta name="description"> and <html lang>.',
  },
  {
    id: 'organization_identity',
    category: 'identity',
    title: 'Organization identity',
    max: 10,
    standard: 'schema.org Organization (JSON-LD)',
    rule: 'pass 10: JSON-LD Organization (or a subtype) with name and url; warn 5: an Organization missing one of them, or only og:site_name; fail 0: none.',
  },
  {
    id: 'contact_legal',
    category: 'identity',
    title: 'Contact and legal pages',
    max: 9,
    standard: 'GDPR Art. 13 (privacy notice); EU Directive 2000/31/EC Art. 5 (provider information)',
    rule: 'The privacy, terms and contact (or legal notice) pages the homepage links on its own host are fetched, at most three. 3 points each when the page reads as what its link promised: a privacy notice or terms naming at least two of their subjects in 80 words or more, a contact page giving an e-mail address, a telephone number or a contact form (an e-mail link on the homepage counts too); 1 point for a link to another host or a page that could not be fetched; 0 for no link, a 4xx answer or a page that does not read as promised. pass at 9, fail at 0, warn otherwise.',
  },
  {
    id: 'security_txt',
    category: 'security_contact',
    title: 'security.txt',
    max: 10,
    standard: 'RFC 9116',
    rule: 'pass 10: /.well-known/security.txt over HTTPS with Contact and an Expires in the future; warn 4: present but invalid or expired; fail 0: absent.',
  },
];

export const DECLARATIONS: readonly DeclarationDefinition[] = [
  { id: 'agents_md', title: 'Agent manifest /agents.md', standard: 'agents.md (site manifest)', rule: 'pass: Markdown (not HTML) at /agents.md; warn: present but unusable; info: absent.' },
  { id: 'llms_txt', title: '/llms.txt', standard: 'llmstxt.org proposal', rule: 'pass: Markdown with an H1; warn: present but invalid; info: absent.' },
  {
    id: 'mcp_server_card',
    title: 'MCP server card',
    standard: 'MCP SEP-1649 / SEP-2127 (draft)',
    rule: 'pass: JSON naming the server and a transport endpoint at /.well-known/mcp.json or /.well-known/mcp/server-card.json; warn: present but invalid; info: absent.',
  },
  { id: 'a2a_agent_card', title: 'A2A agent card', standard: 'A2A protocol agent card', rule: 'pass: JSON with name and skills or interfaces at /.well-known/agent-card.json; warn: invalid; info: absent.' },
  { id: 'x402', title: 'x402 payment requirements', standard: 'x402 (HTTP 402 Payment Required)', rule: 'pass: a probe answered 402 with parseable payment requirements; warn: 402 without them; info: no 402. Vetted never pays.' },
  { id: 'openapi', title: 'OpenAPI document', standard: 'OpenAPI Specification 3.x / Swagger 2.0', rule: 'pass: an OpenAPI or Swagger document at /openapi.json; warn: invalid; info: absent.' },
  { id: 'markdown_negotiation', title: 'Markdown content negotiation', standard: 'RFC 9110 §12 (proactive negotiation)', rule: 'pass: GET / with Accept: text/markdown answers text/markdown; info: it answers another type.' },
  { id: 'api_catalog', title: 'API catalog', standard: 'RFC 9727 (api-catalog well-known URI), RFC 9264 (linkset)', rule: 'pass: /.well-known/api-catalog is a linkset whose entries each have an anchor and at least one link with an href; warn: present but invalid; info: absent.' },
  { id: 'oauth_protected_resource', title: 'OAuth protected resource metadata', standard: 'RFC 9728', rule: 'pass: /.well-known/oauth-protected-resource is JSON with an https `resource` and, if listed, https `authorization_servers`; warn: present but invalid; info: absent.' },
  { id: 'oauth_authorization_server', title: 'OAuth authorization server metadata', standard: 'RFC 8414; OpenID Connect Discovery 1.0', rule: 'pass: /.well-known/oauth-authorization-server or /.well-known/openid-configuration is JSON with an https `issuer` and `response_types_supported`; warn: present but invalid; info: absent at both.' },
  { id: 'webmcp', title: 'WebMCP tool forms', standard: 'WebMCP (W3C Web Machine Learning CG proposal, declarative API)', rule: 'pass: homepage forms carry `toolname` (letters, digits, _ . -) and `tooldescription`; warn: a tool form lacks either; info: no tool form.' },
  { id: 'link_headers', title: 'Link header for agents', standard: 'RFC 8288 (Web Linking); RFC 9727, RFC 8631 relations', rule: 'pass: the homepage Link header names api-catalog, service-desc, service-doc, service-meta, describedby or a text/markdown alternate; warn: a Link header that does not parse; info: none, or none of these relations.' },
  { id: 'agent_skills', title: 'Agent Skills index', standard: 'Agent Skills Discovery RFC v0.2.0 (agentskills.io)', rule: 'pass: /.well-known/agent-skills/index.json lists skills each with a name, a url and a sha256 digest; warn: present but invalid; info: absent.' },
  { id: 'ucp', title: 'UCP business profile', standard: 'Universal Commerce Protocol (ucp.dev)', rule: 'pass: /.well-known/ucp is JSON with a `ucp` object naming its `version` and at least one capability; warn: present but invalid; info: absent.' },
  { id: 'acp', title: 'ACP discovery document', standard: 'Agentic Commerce Protocol discovery RFC (proposal)', rule: 'pass: /.well-known/acp.json names protocol `acp` with a YYYY-MM-DD version ending `supported_versions`, an https `api_base_url`, a transport and a service; warn: present but invalid; info: absent.' },
  { id: 'ap2', title: 'AP2 payments extension', standard: 'Agent Payments Protocol (AP2) v0.1, an A2A extension', rule: 'pass: the A2A agent card lists an AP2 extension with params.roles (merchant, shopper, credentials-provider, payment-processor); warn: an AP2 extension without them; info: none.' },
  { id: 'web_bot_auth', title: 'Web Bot Auth key directory', standard: 'IETF draft: HTTP message signatures directory (Web Bot Auth)', rule: 'pass: /.well-known/http-message-signatures-directory is a JWKS whose keys each have a kty; warn: present but invalid; info: absent.' },
];

/** What a scan never covers; printed in every report's scope. */
export const NOT_COVERED: readonly string[] = [
  'pages other than the ones listed, and anything behind a login',
  'whether the business is legitimate, solvent or good at what it does',
  'whether a task an agent performs on the site will succeed',
  'the site\'s availability after the scan time',
  'the content of the site beyond the bounded excerpts stored as evidence',
];
