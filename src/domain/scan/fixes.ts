/** How a site owner repairs one check: exactly what to publish, and where the standard says so. */
export interface CheckFix {
  /** One sentence naming the file path, header or record to publish. */
  readonly fix: string;
  /** The standard's own page. */
  readonly standardUrl: string;
}

/**
 * The repair of every core check and declaration of the methodology, by check id, shown beside
 * each failed or warned result. Written by Vetted; a test keeps it complete.
 */
export const CHECK_FIXES: Readonly<Record<string, CheckFix>> = {
  https_reachable: {
    fix: 'Serve the homepage at https://{domain}/ with a 2xx status (after at most a few redirects).',
    standardUrl: 'https://www.rfc-editor.org/rfc/rfc9110',
  },
  tls_certificate: {
    fix: 'Install a certificate for {domain} from a public CA with the full chain, and renew it at least 14 days before it expires (automate with ACME).',
    standardUrl: 'https://www.rfc-editor.org/rfc/rfc6125',
  },
  http_redirect: {
    fix: 'Answer http://{domain}/ with a 301 or 308 whose Location is https://{domain}/.',
    standardUrl: 'https://www.rfc-editor.org/rfc/rfc9110#section-15.4',
  },
  hsts: {
    fix: 'Send one `Strict-Transport-Security: max-age=31536000; includeSubDomains` header (at least 15768000, each directive once) on the HTTPS homepage.',
    standardUrl: 'https://www.rfc-editor.org/rfc/rfc6797',
  },
  content_security_policy: {
    fix: "Send `Content-Security-Policy: script-src 'nonce-{random}' 'strict-dynamic'; object-src 'none'; base-uri 'none'` (or `default-src 'self'; object-src 'none'; base-uri 'self'`), without 'unsafe-inline' or wildcards in script-src.",
    standardUrl: 'https://www.w3.org/TR/CSP3/',
  },
  security_headers: {
    fix: 'Send `X-Content-Type-Options: nosniff`, `Content-Security-Policy: frame-ancestors \'self\'` (`X-Frame-Options: DENY` counts only when no policy has frame-ancestors) and `Referrer-Policy: strict-origin-when-cross-origin` on the homepage, with no `<meta name="referrer">` weakening it.',
    standardUrl: 'https://fetch.spec.whatwg.org/#x-content-type-options-header',
  },
  cookies: {
    fix: 'Set each cookie as `Set-Cookie: __Host-{name}={value}; Secure; HttpOnly; SameSite=Lax; Path=/` (HttpOnly unless scripts must read it).',
    standardUrl: 'https://datatracker.ietf.org/doc/draft-ietf-httpbis-rfc6265bis/',
  },
  subresource_integrity: {
    fix: 'Add `integrity="sha384-{digest}" crossorigin="anonymous"` to every script and stylesheet loaded from another origin, over HTTPS.',
    standardUrl: 'https://www.w3.org/TR/SRI/',
  },
  cross_origin: {
    fix: 'Never pair `Access-Control-Allow-Origin: *` (or `null`) with `Access-Control-Allow-Credentials: true`, nor echo back whatever `Origin` a request carries when credentials are allowed: name trusted origins from a fixed list and send `Vary: Origin`.',
    standardUrl: 'https://fetch.spec.whatwg.org/#http-cors-protocol',
  },
  robots_txt: {
    fix: 'Publish /robots.txt as text/plain with at least one `User-agent:` group and only valid lines.',
    standardUrl: 'https://www.rfc-editor.org/rfc/rfc9309',
  },
  ai_agent_access: {
    fix: 'In /robots.txt, allow / for the AI crawlers you accept (for example `User-agent: GPTBot` then `Allow: /`).',
    standardUrl: 'https://www.rfc-editor.org/rfc/rfc9309',
  },
  sitemap: {
    fix: 'Publish /sitemap.xml as well-formed XML whose urlset declares xmlns="http://www.sitemaps.org/schemas/sitemap/0.9", listing this host\'s pages as absolute https://{domain}/ URLs, and name it in /robots.txt with `Sitemap: https://{domain}/sitemap.xml`.',
    standardUrl: 'https://www.sitemaps.org/protocol.html',
  },
  homepage_metadata: {
    fix: 'Give the homepage a non-empty `<title>`, a `<meta name="description" content="...">` and `<html lang="...">`.',
    standardUrl: 'https://html.spec.whatwg.org/multipage/semantics.html',
  },
  organization_identity: {
    fix: 'Add to the homepage a `<script type="application/ld+json">` Organization with `name` and `url`.',
    standardUrl: 'https://schema.org/Organization',
  },
  contact_legal: {
    fix: "Publish a privacy notice, terms, and a contact page giving an e-mail address, telephone number or form on {domain} itself, and link each from the homepage's footer or navigation with a link text that names it (`Privacy policy`, `Terms`, `Contact`).",
    standardUrl: 'https://schema.org/ContactPage',
  },
  security_txt: {
    fix: 'Publish /.well-known/security.txt over HTTPS with a `Contact:` line holding a URI (`mailto:security@{domain}` or an https:// URL) and one `Expires:` date under a year ahead.',
    standardUrl: 'https://www.rfc-editor.org/rfc/rfc9116',
  },
  agents_md: {
    fix: 'Publish /agents.md as Markdown (text/markdown), not an HTML page.',
    standardUrl: 'https://agents.md/',
  },
  llms_txt: {
    fix: 'Publish /llms.txt as Markdown starting with an `# H1` title.',
    standardUrl: 'https://llmstxt.org/',
  },
  mcp_server_card: {
    fix: 'Publish /.well-known/mcp/server-card.json naming the server and its transport endpoint.',
    standardUrl: 'https://github.com/modelcontextprotocol/modelcontextprotocol/pull/2127',
  },
  a2a_agent_card: {
    fix: 'Publish /.well-known/agent-card.json with `name` and `skills` or `supportedInterfaces`.',
    standardUrl: 'https://a2a-protocol.org/latest/specification/',
  },
  x402: {
    fix: 'Answer paid resources with 402 and a JSON body of payment requirements (`accepts`).',
    standardUrl: 'https://www.x402.org/',
  },
  openapi: {
    fix: 'Publish your API description at /openapi.json (OpenAPI 3.x).',
    standardUrl: 'https://spec.openapis.org/oas/latest.html',
  },
  api_catalog: {
    fix: 'Publish /.well-known/api-catalog as application/linkset+json: `{"linkset":[{"anchor":"https://{domain}/api","service-desc":[{"href":"https://{domain}/openapi.json"}]}]}`.',
    standardUrl: 'https://www.rfc-editor.org/rfc/rfc9727',
  },
  oauth_protected_resource: {
    fix: 'Publish /.well-known/oauth-protected-resource with `"resource": "https://{domain}/"` and your `authorization_servers` (https issuer URLs).',
    standardUrl: 'https://www.rfc-editor.org/rfc/rfc9728',
  },
  oauth_authorization_server: {
    fix: 'Publish /.well-known/oauth-authorization-server with an https `issuer` equal to its own origin and `response_types_supported`.',
    standardUrl: 'https://www.rfc-editor.org/rfc/rfc8414',
  },
  webmcp: {
    fix: 'Give each form an agent may use `toolname="search_products"` and `tooldescription="..."` attributes.',
    standardUrl: 'https://github.com/webmachinelearning/webmcp',
  },
  link_headers: {
    fix: 'Send on the homepage `Link: </.well-known/api-catalog>; rel="api-catalog", </openapi.json>; rel="service-desc"` (and a `rel="alternate"; type="text/markdown"` version if you have one).',
    standardUrl: 'https://www.rfc-editor.org/rfc/rfc8288',
  },
  agent_skills: {
    fix: 'Publish /.well-known/agent-skills/index.json listing each skill with `name`, `description`, `url` (its SKILL.md) and `digest` (`sha256:` of the served bytes).',
    standardUrl: 'https://github.com/cloudflare/agent-skills-discovery-rfc',
  },
  acp: {
    fix: 'Publish /.well-known/acp.json with `protocol` (`name: "acp"`, `version`, `supported_versions`), an https `api_base_url`, `transports` and `capabilities.services`.',
    standardUrl: 'https://github.com/agentic-commerce-protocol/agentic-commerce-protocol/blob/main/rfcs/rfc.discovery.md',
  },
  ucp: {
    fix: 'Publish /.well-known/ucp with `{"ucp":{"version":"...","capabilities":[...]}}` naming the commerce capabilities you offer.',
    standardUrl: 'https://ucp.dev/',
  },
  ap2: {
    fix: 'In /.well-known/agent-card.json add to `capabilities.extensions` `{"uri":"https://github.com/google-agentic-commerce/ap2/tree/v0.1","params":{"roles":["merchant"]}}`.',
    standardUrl: 'https://ap2-protocol.org/',
  },
  web_bot_auth: {
    fix: 'Publish /.well-known/http-message-signatures-directory as a JWKS (`{"keys":[{"kty":"OKP","crv":"Ed25519","x":"..."}]}`) of the keys your agents sign with.',
    standardUrl: 'https://datatracker.ietf.org/doc/draft-meunier-http-message-signatures-directory/',
  },
  markdown_negotiation: {
    fix: 'Answer `GET /` with `Accept: text/markdown` by a text/markdown version of the page, and send `Vary: Accept` with both the HTML and the Markdown answer.',
    standardUrl: 'https://www.rfc-editor.org/rfc/rfc9110#section-12',
  },
};

/** The repair of check `id` for `domain`, or undefined for a check the table does not know (a newer methodology). */
export function fixFor(id: string, domain: string): CheckFix | undefined {
  const known = CHECK_FIXES[id];
  return known && { fix: known.fix.replaceAll('{domain}', domain), standardUrl: known.standardUrl };
}
