import type { DomainName } from '../domain-name.js';

/** Everything a scan fetches, by name. */
export type ProbeId =
  | 'http_root'
  | 'https_root'
  | 'markdown_root'
  | 'robots_txt'
  | 'sitemap'
  | 'security_txt'
  | 'agents_md'
  | 'llms_txt'
  | 'mcp_json'
  | 'mcp_server_card'
  | 'agent_card'
  | 'openapi'
  | 'api_catalog'
  | 'oauth_protected_resource'
  | 'oauth_authorization_server'
  | 'openid_configuration'
  | 'signatures_directory'
  | 'agent_skills'
  | 'ucp_profile'
  | 'acp_discovery'
  | 'cors_root'
  | 'privacy_page'
  | 'terms_page'
  | 'contact_page';

export interface ProbeSpec {
  readonly id: ProbeId;
  readonly url: (domain: DomainName) => string;
  readonly maxBytes: number;
  readonly accept?: string;
  /** Other request headers the probe sends (an Origin, say). */
  readonly headers?: Readonly<Record<string, string>>;
}

export const HOMEPAGE_MAX_BYTES = 1024 * 1024;
export const RESOURCE_MAX_BYTES = 256 * 1024;

const https = (path: string) => (d: DomainName) => `https://${d}${path}`;
const HOMEPAGE_ACCEPT = 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.8';

/**
 * The Origin the CORS probe sends: a name under `.example`, which RFC 2606 reserves and no one can
 * register, so no site can have a reason to trust it. A homepage that echoes it in
 * Access-Control-Allow-Origin with credentials allowed would echo any origin, and let every site
 * read it with its visitors' cookies. Mozilla's HTTP Observatory asks with an origin of its own on
 * a preflight; a credentialed GET needs none, so the probe is the GET a foreign page would send.
 */
export const CORS_PROBE_ORIGIN = 'https://vetted-origin-probe.example';

/**
 * The fetches a scan makes at once. The sitemap is fetched after robots.txt when robots.txt names
 * one on the same host; otherwise `/sitemap.xml` is fetched with the others. The privacy, terms
 * and contact pages the homepage links on its own host are fetched after the homepage.
 */
export const PROBES: readonly ProbeSpec[] = [
  { id: 'http_root', url: (d) => `http://${d}/`, maxBytes: RESOURCE_MAX_BYTES },
  { id: 'https_root', url: https('/'), maxBytes: HOMEPAGE_MAX_BYTES, accept: HOMEPAGE_ACCEPT },
  { id: 'markdown_root', url: https('/'), maxBytes: RESOURCE_MAX_BYTES, accept: 'text/markdown' },
  { id: 'robots_txt', url: https('/robots.txt'), maxBytes: RESOURCE_MAX_BYTES, accept: 'text/plain' },
  { id: 'security_txt', url: https('/.well-known/security.txt'), maxBytes: RESOURCE_MAX_BYTES, accept: 'text/plain' },
  { id: 'agents_md', url: https('/agents.md'), maxBytes: RESOURCE_MAX_BYTES, accept: 'text/markdown, text/plain' },
  { id: 'llms_txt', url: https('/llms.txt'), maxBytes: RESOURCE_MAX_BYTES, accept: 'text/markdown, text/plain' },
  { id: 'mcp_json', url: https('/.well-known/mcp.json'), maxBytes: RESOURCE_MAX_BYTES, accept: 'application/json' },
  { id: 'mcp_server_card', url: https('/.well-known/mcp/server-card.json'), maxBytes: RESOURCE_MAX_BYTES, accept: 'application/json' },
  { id: 'agent_card', url: https('/.well-known/agent-card.json'), maxBytes: RESOURCE_MAX_BYTES, accept: 'application/json' },
  { id: 'openapi', url: https('/openapi.json'), maxBytes: RESOURCE_MAX_BYTES, accept: 'application/json, application/yaml' },
  { id: 'api_catalog', url: https('/.well-known/api-catalog'), maxBytes: RESOURCE_MAX_BYTES, accept: 'application/linkset+json, application/json' },
  { id: 'oauth_protected_resource', url: https('/.well-known/oauth-protected-resource'), maxBytes: RESOURCE_MAX_BYTES, accept: 'application/json' },
  { id: 'oauth_authorization_server', url: https('/.well-known/oauth-authorization-server'), maxBytes: RESOURCE_MAX_BYTES, accept: 'application/json' },
  { id: 'openid_configuration', url: https('/.well-known/openid-configuration'), maxBytes: RESOURCE_MAX_BYTES, accept: 'application/json' },
  {
    id: 'signatures_directory',
    url: https('/.well-known/http-message-signatures-directory'),
    maxBytes: RESOURCE_MAX_BYTES,
    accept: 'application/http-message-signatures-directory+json, application/json',
  },
  { id: 'agent_skills', url: https('/.well-known/agent-skills/index.json'), maxBytes: RESOURCE_MAX_BYTES, accept: 'application/json' },
  { id: 'ucp_profile', url: https('/.well-known/ucp'), maxBytes: RESOURCE_MAX_BYTES, accept: 'application/json' },
  { id: 'acp_discovery', url: https('/.well-known/acp.json'), maxBytes: RESOURCE_MAX_BYTES, accept: 'application/json' },
  // The homepage again, as https_root asks for it, but from a foreign origin: the one difference is the Origin header.
  { id: 'cors_root', url: https('/'), maxBytes: RESOURCE_MAX_BYTES, accept: HOMEPAGE_ACCEPT, headers: { origin: CORS_PROBE_ORIGIN } },
];

/** How each linked privacy, terms and contact page is fetched, after the homepage names it. */
export const LEGAL_PAGE_FETCH = { maxBytes: RESOURCE_MAX_BYTES, accept: HOMEPAGE_ACCEPT } as const;

export const DEFAULT_SITEMAP: ProbeSpec = { id: 'sitemap', url: https('/sitemap.xml'), maxBytes: RESOURCE_MAX_BYTES, accept: 'application/xml, text/xml' };

/** One hop of a redirect chain. */
export interface ObservedRedirect {
  readonly url: string;
  readonly status: number;
  readonly location: string;
}

export interface ObservedCertificate {
  readonly subject: string;
  readonly issuer: string;
  readonly subjectAltNames: readonly string[];
  readonly validFrom: string;
  readonly validTo: string;
}

/** What one probe saw: a response, or why there was none. Site content stays in `bodyText`. */
export type ProbeResult = ProbeResponse | ProbeError;

export interface ProbeResponse {
  readonly ok: true;
  readonly probe: ProbeId;
  readonly requestedUrl: string;
  readonly finalUrl: string;
  readonly redirects: readonly ObservedRedirect[];
  readonly status: number;
  /** Response headers, names in lower case. */
  readonly headers: Readonly<Record<string, string>>;
  /** Each Set-Cookie header on its own. Untrusted; never stored as evidence. */
  readonly setCookies: readonly string[];
  readonly remoteAddress: string;
  /** The body decoded as UTF-8, as far as it was read. Untrusted. */
  readonly bodyText: string;
  readonly bodyBytes: number;
  readonly bodySha256: string;
  readonly truncated: boolean;
  readonly durationMs: number;
  readonly certificate: ObservedCertificate | null;
}

export interface ProbeError {
  readonly ok: false;
  readonly probe: ProbeId;
  readonly requestedUrl: string;
  readonly failedUrl: string;
  readonly redirects: readonly ObservedRedirect[];
  /** A FetchErrorCode such as TLS_ERROR or TIMEOUT. */
  readonly code: string;
  readonly message: string;
  readonly durationMs: number;
}
