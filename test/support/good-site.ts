import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TLSSocket } from 'node:tls';
import { PROBES } from '../../src/domain/scan/probes.js';
/** A well-formed site that passes every core check and declares everything, as path → answer. */
export interface SiteFile {
  readonly status?: number;
  readonly headers?: Record<string, string>;
  readonly body: string;
}

export function goodSiteFiles(domain: string): { https: Record<string, SiteFile>; markdownHome: SiteFile; httpRedirect: string } {
  const origin = `https://${domain}`;
  const homepage = `<!DOCTYPE html><html lang="en"><head><title>Good Company</title>
<meta name="description" content="We sell good things.">
<script type="application/ld+json">{"@context":"https://schema.org","@type":"Organization","name":"Good Company","url":"${origin}/","logo":"${origin}/logo.png"}</script>
</head><body><h1>Good Company</h1>
<form action="/search" toolname="search_products" tooldescription="Search the product catalog by keyword"><label>Search <input name="q"></label></form>
<footer><a href="/privacy">Privacy policy</a> <a href="/terms">Terms of service</a> <a href="/contact">Contact us</a></footer>
</body></html>`;
  return {
    httpRedirect: `${origin}/`,
    markdownHome: { headers: { 'content-type': 'text/markdown; charset=utf-8', vary: 'accept' }, body: '# Good Company\n\nWe sell good things.\n' },
    https: {
      '/': {
        headers: {
          'content-type': 'text/html; charset=utf-8',
          'strict-transport-security': 'max-age=31536000; includeSubDomains; preload',
          link: '</.well-known/api-catalog>; rel="api-catalog", </openapi.json>; rel="service-desc"; type="application/openapi+json", </>; rel="alternate"; type="text/markdown"',
          'content-security-policy': "default-src 'self'; base-uri 'self'; frame-ancestors 'none'",
          'x-content-type-options': 'nosniff',
          'referrer-policy': 'strict-origin-when-cross-origin',
          vary: 'accept',
        },
        body: homepage,
      },
      '/privacy': { headers: { 'content-type': 'text/html; charset=utf-8' }, body: legalPage('Privacy policy', PRIVACY_TEXT) },
      '/terms': { headers: { 'content-type': 'text/html; charset=utf-8' }, body: legalPage('Terms of service', TERMS_TEXT) },
      '/contact': {
        headers: { 'content-type': 'text/html; charset=utf-8' },
        body: legalPage('Contact us', `Write to <a href="mailto:hello@${domain}">hello@${domain}</a> or call +44 20 7946 0000.`),
      },
      '/robots.txt': { headers: { 'content-type': 'text/plain' }, body: `User-agent: *\nAllow: /\nDisallow: /admin\n\nSitemap: ${origin}/sitemap-main.xml\n` },
      '/sitemap-main.xml': {
        headers: { 'content-type': 'application/xml' },
        body: `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>${origin}/</loc><lastmod>2026-09-01</lastmod></url><url><loc>${origin}/about</loc></url></urlset>`,
      },
      '/.well-known/security.txt': {
        headers: { 'content-type': 'text/plain; charset=utf-8' },
        body: `Contact: mailto:security@${domain}\nExpires: 2099-01-01T00:00:00.000Z\n`,
      },
      '/agents.md': { headers: { 'content-type': 'text/markdown' }, body: '---\ntype: agent_manifest\n---\n# Good Company for agents\n\nUse the API.\n' },
      '/llms.txt': {
        headers: { 'content-type': 'text/plain' },
        body: `# Good Company\n\n> We sell good things.\n\n## Docs\n\n- [API](${origin}/api.md): the API\n`,
      },
      '/.well-known/mcp.json': {
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          version: '1.0',
          protocolVersion: '2025-06-18',
          serverInfo: { name: 'good', version: '1.0.0' },
          transport: { type: 'streamable-http', endpoint: '/mcp' },
        }),
      },
      '/.well-known/agent-card.json': {
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          name: 'Good agent',
          description: 'Sells',
          version: '1.0.0',
          defaultInputModes: ['text/plain'],
          defaultOutputModes: ['application/json'],
          skills: [{ id: 'buy', name: 'Buy', description: 'Buy things', tags: [] }],
          supportedInterfaces: [{ url: `${origin}/a2a`, protocolBinding: 'JSONRPC', protocolVersion: '1.0' }],
          capabilities: { extensions: [{ uri: 'https://github.com/google-agentic-commerce/ap2/tree/v0.1', params: { roles: ['merchant'] } }] },
        }),
      },
      '/openapi.json': {
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ openapi: '3.1.0', info: { title: 'Good API', version: '1' }, paths: { '/items': { get: {} } } }),
      },
      '/.well-known/api-catalog': {
        headers: { 'content-type': 'application/linkset+json' },
        body: JSON.stringify({
          linkset: [{ anchor: `https://${domain}/api`, 'service-desc': [{ href: `https://${domain}/openapi.json`, type: 'application/openapi+json' }] }],
        }),
      },
      '/.well-known/oauth-protected-resource': {
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ resource: `https://${domain}`, authorization_servers: [`https://${domain}`] }),
      },
      '/.well-known/oauth-authorization-server': {
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          issuer: `https://${domain}`,
          authorization_endpoint: `https://${domain}/authorize`,
          token_endpoint: `https://${domain}/token`,
          response_types_supported: ['code'],
        }),
      },
      '/.well-known/agent-skills/index.json': {
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          $schema: 'https://agentskills.io/schemas/discovery/0.2.0.json',
          skills: [
            { name: 'order-status', type: 'skill-md', description: 'Check an order', url: 'order-status/SKILL.md', digest: `sha256:${'ab'.repeat(32)}` },
          ],
        }),
      },
      '/.well-known/ucp': {
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ucp: { version: '2026-01-11', capabilities: [{ name: 'dev.ucp.shopping.checkout', version: '2026-01-11' }] } }),
      },
      '/.well-known/acp.json': {
        headers: { 'content-type': 'application/json', 'cache-control': 'public, max-age=3600' },
        body: JSON.stringify({
          protocol: { name: 'acp', version: '2026-01-30', supported_versions: ['2025-09-29', '2026-01-30'] },
          api_base_url: `https://${domain}/acp`,
          transports: ['rest'],
          capabilities: { services: ['checkout'] },
        }),
      },
      '/.well-known/http-message-signatures-directory': {
        headers: { 'content-type': 'application/http-message-signatures-directory+json' },
        body: JSON.stringify({ keys: [{ kty: 'OKP', crv: 'Ed25519', x: 'JrQLj5P_89iXES9-vFgrIy29clF9CC_oPPsw3c5D0bs' }] }),
      },
    },
  };
}

/** The good site's homepage: a redirect to HTTPS over plain HTTP, Markdown to `Accept: text/markdown`, the HTML page otherwise. */
export function goodHomepageHandler(domain: string): (req: IncomingMessage, res: ServerResponse) => void {
  const files = goodSiteFiles(domain);
  return (req, res) => {
    if (!(req.socket as TLSSocket).encrypted) return void res.writeHead(301, { location: files.httpRedirect }).end();
    const file = req.headers.accept === 'text/markdown' ? files.markdownHome : files.https['/']!;
    res.writeHead(200, file.headers).end(file.body);
  };
}

const PRIVACY_TEXT = `Good Company is the data controller for the personal data you give us when you order.
We collect your name, address and e-mail address to deliver orders and keep them for six years as tax law requires.
We use one cookie to keep your basket and no cookie for advertising. Under the GDPR you have the right to access,
correct and erase your personal data and to complain to your supervisory authority. Write to our data protection
officer at the address on the contact page to use your rights. We never sell personal data and share it only with the
carrier that delivers your order and the bank that takes your payment.`;

const TERMS_TEXT = `These terms and conditions form the agreement between you and Good Company when you order on this site.
You agree to pay the price shown at checkout. We deliver within five working days and you may return any item within
thirty days for a full refund. Our liability is limited to the price of the order except where the law does not allow
such a limit. We may end this agreement if you break these terms; termination does not affect orders already paid.
The governing law is the law of England and Wales, and its courts decide any dispute about these terms and conditions.`;

/** A small page of the good site: a title, a heading and a paragraph. */
function legalPage(title: string, paragraph: string): string {
  return `<!DOCTYPE html><html lang="en"><head><title>${title} - Good Company</title></head><body><h1>${title}</h1><p>${paragraph}</p></body></html>`;
}

/** Every probe a scan of the good site makes: the probes run at once, the sitemap, and its three legal pages. */
export const GOOD_SITE_PROBE_COUNT = PROBES.length + 1 + 3;
