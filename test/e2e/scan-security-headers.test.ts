import { expect } from 'chai';
import type { TLSSocket } from 'node:tls';
import type { FixtureSite } from '../support/fixture-site.js';
import { goodSiteFiles } from '../support/good-site.js';
import { scanSites, type ScannedSites } from '../support/scanned-sites.js';

type Status = 'pass' | 'warn' | 'fail';

/** One header configuration of an otherwise well-formed site, and the verdicts its standard implies. */
interface Configuration {
  readonly name: string;
  /** Homepage headers to set (an array sends the header several times) or, with null, to remove. */
  readonly headers?: Record<string, string | string[] | null>;
  /** Markup added at the end of the homepage's head. */
  readonly head?: string;
  readonly expect: Partial<Record<string, Status>>;
}

const NO_FRAMING_CSP = "default-src 'self'; base-uri 'self'";
const DIGEST = 'sha384-oqVuAfXRKap7fdgcCY5uykM6+R9GqQ8K/uxy9rx7HNQlGYl1kPzQho1wx4JwY8wC';

const CONFIGURATIONS: readonly Configuration[] = [
  // RFC 6797
  { name: 'hsts-duplicate', headers: { 'strict-transport-security': 'max-age=31536000; max-age=300' }, expect: { hsts: 'fail' } },
  { name: 'hsts-zero', headers: { 'strict-transport-security': 'max-age=0' }, expect: { hsts: 'fail' } },
  { name: 'hsts-short', headers: { 'strict-transport-security': 'max-age=300' }, expect: { hsts: 'warn' } },
  { name: 'hsts-quoted', headers: { 'strict-transport-security': 'max-age="31536000"' }, expect: { hsts: 'pass' } },
  { name: 'hsts-two-headers', headers: { 'strict-transport-security': ['max-age=31536000', 'max-age=0'] }, expect: { hsts: 'pass' } },
  { name: 'hsts-no-max-age', headers: { 'strict-transport-security': 'includeSubDomains' }, expect: { hsts: 'fail' } },
  { name: 'hsts-absent', headers: { 'strict-transport-security': null }, expect: { hsts: 'fail' } },
  // CSP Level 3
  { name: 'csp-unsafe-inline', headers: { 'content-security-policy': "script-src 'unsafe-inline'; frame-ancestors 'none'" }, expect: { content_security_policy: 'fail' } },
  { name: 'csp-frame-ancestors-only', headers: { 'content-security-policy': "frame-ancestors 'none'" }, expect: { content_security_policy: 'fail' } },
  { name: 'csp-meta-only', headers: { 'content-security-policy': null, 'x-frame-options': 'DENY' }, head: `<meta http-equiv="Content-Security-Policy" content="${NO_FRAMING_CSP}">`, expect: { content_security_policy: 'pass' } },
  {
    name: 'csp-meta-frame-ancestors', headers: { 'content-security-policy': null },
    head: `<meta http-equiv="Content-Security-Policy" content="${NO_FRAMING_CSP}; frame-ancestors 'none'">`, expect: { security_headers: 'warn' },
  },
  { name: 'csp-frame-ancestors-star', headers: { 'content-security-policy': `${NO_FRAMING_CSP}; frame-ancestors *` }, expect: { security_headers: 'warn' } },
  { name: 'csp-strict-dynamic', headers: { 'content-security-policy': "script-src 'nonce-r4nd0m' 'strict-dynamic' 'unsafe-inline' https:; object-src 'none'; base-uri 'none'; frame-ancestors 'none'" }, expect: {} },
  { name: 'csp-unsafe-eval', headers: { 'content-security-policy': "default-src 'self'; script-src 'self' 'unsafe-eval'; base-uri 'self'; frame-ancestors 'none'" }, expect: { content_security_policy: 'warn' } },
  { name: 'csp-wildcard', headers: { 'content-security-policy': "default-src *; frame-ancestors 'none'" }, expect: { content_security_policy: 'fail' } },
  { name: 'csp-https-scheme', headers: { 'content-security-policy': "script-src https:; object-src 'none'; base-uri 'none'; frame-ancestors 'none'" }, expect: { content_security_policy: 'warn' } },
  { name: 'csp-two-policies', headers: { 'content-security-policy': ["script-src 'unsafe-inline'", `${NO_FRAMING_CSP}; frame-ancestors 'none'`] }, expect: {} },
  { name: 'csp-hash', headers: { 'content-security-policy': "script-src 'sha256-B2yPHKaXnvFWtRChIbabYmUBFZdVfKKXHbWtWidDVF8=' 'unsafe-inline'; object-src 'none'; base-uri 'self'; frame-ancestors 'none'" }, expect: {} },
  { name: 'csp-no-base-uri', headers: { 'content-security-policy': "default-src 'self'; frame-ancestors 'none'" }, expect: { content_security_policy: 'warn' } },
  // W3C Referrer Policy
  { name: 'referrer-unsafe-url', headers: { 'referrer-policy': 'unsafe-url' }, expect: { security_headers: 'warn' } },
  { name: 'referrer-unknown-token', headers: { 'referrer-policy': 'no-referrer-please' }, expect: { security_headers: 'warn' } },
  { name: 'referrer-last-wins', headers: { 'referrer-policy': 'unsafe-url, strict-origin-when-cross-origin' }, expect: {} },
  { name: 'referrer-downgrade', headers: { 'referrer-policy': 'no-referrer-when-downgrade' }, expect: { security_headers: 'warn' } },
  // WHATWG Fetch and HTML
  { name: 'xcto-duplicated', headers: { 'x-content-type-options': 'nosniff, nosniff' }, expect: {} },
  { name: 'xcto-wrong', headers: { 'x-content-type-options': 'sniff' }, expect: { security_headers: 'warn' } },
  { name: 'xfo-allow-from', headers: { 'content-security-policy': NO_FRAMING_CSP, 'x-frame-options': 'ALLOW-FROM https://partner.example.com/' }, expect: { security_headers: 'warn' } },
  { name: 'xfo-sameorigin', headers: { 'content-security-policy': NO_FRAMING_CSP, 'x-frame-options': 'SAMEORIGIN' }, expect: {} },
  { name: 'headers-none', headers: { 'content-security-policy': null, 'x-content-type-options': null, 'referrer-policy': null }, expect: { content_security_policy: 'fail', security_headers: 'fail' } },
  // RFC 6265bis
  { name: 'cookie-session-readable', headers: { 'set-cookie': 'sessionid=abc; Secure; SameSite=Lax; Path=/' }, expect: { cookies: 'fail' } },
  { name: 'cookie-not-secure', headers: { 'set-cookie': 'theme=dark; SameSite=Lax' }, expect: { cookies: 'warn' } },
  { name: 'cookie-bad-host-prefix', headers: { 'set-cookie': '__Host-pref=1; Secure; Path=/app; SameSite=Lax' }, expect: { cookies: 'warn' } },
  { name: 'cookie-no-samesite', headers: { 'set-cookie': 'theme=dark; Secure' }, expect: { cookies: 'warn' } },
  { name: 'cookie-good', headers: { 'set-cookie': ['__Host-sid=1; Secure; HttpOnly; Path=/; SameSite=Strict', 'lang=en; Secure; SameSite=Lax'] }, expect: {} },
  // CORS
  { name: 'cors-wildcard-credentials', headers: { 'access-control-allow-origin': '*', 'access-control-allow-credentials': 'true' }, expect: { cross_origin: 'fail' } },
  { name: 'cors-null', headers: { 'access-control-allow-origin': 'null' }, expect: { cross_origin: 'fail' } },
  { name: 'cors-wildcard', headers: { 'access-control-allow-origin': '*', 'cross-origin-opener-policy': 'same-origin' }, expect: {} },
  // Subresource Integrity
  { name: 'sri-missing', head: '<script src="https://cdn.example.net/lib.js"></script>', expect: { subresource_integrity: 'warn' } },
  { name: 'sri-present', head: `<script src="https://cdn.example.net/lib.js" integrity="${DIGEST}" crossorigin="anonymous"></script>`, expect: {} },
  { name: 'sri-over-http', head: `<script src="http://cdn.example.net/lib.js" integrity="${DIGEST}"></script>`, expect: { subresource_integrity: 'fail' } },
  { name: 'sri-stylesheet', head: '<link rel="stylesheet" href="https://fonts.example.net/f.css">', expect: { subresource_integrity: 'warn' } },
];

const hostOf = (c: Configuration) => `${c.name}.example.com`;

describe('security judgments against the standards: one site per header configuration', function () {
  this.timeout(120_000);
  let sites: ScannedSites;
  const reports = { get: (host: string) => sites.reports.get(host) };

  before(async () => {
    sites = await scanSites(CONFIGURATIONS.map(hostOf), (site) => {
      for (const c of CONFIGURATIONS) serve(site, c);
    });
  });
  after(async () => sites?.stop());

  it(`judges ${CONFIGURATIONS.length} configurations as their standards imply, every other check passing`, () => {
    expect(CONFIGURATIONS.length).to.be.at.least(26);
    for (const c of CONFIGURATIONS) {
      const report = reports.get(hostOf(c));
      for (const check of report.checks as Array<{ id: string; status: string; detail: string }>) {
        expect(check.status, `${c.name}: ${check.id}: ${check.detail}`).to.equal(c.expect[check.id] ?? 'pass');
      }
    }
  });

  it('names the header value that would fix each failed or warned check, and never quotes the site', () => {
    for (const c of CONFIGURATIONS) {
      for (const check of reports.get(hostOf(c)).checks as Array<{ status: string; detail: string }>) {
        if (check.status === 'pass') continue;
        expect(check.detail, c.name).to.match(/`[^`]+`/);
        for (const quoted of ['partner.example.com', 'sessionid', '__Host-pref', 'cdn.example.net', 'no-referrer-please']) expect(check.detail, c.name).not.to.contain(quoted);
      }
    }
  });

  it('scores a site with a script-readable session cookie or a useless policy below the well-formed one', () => {
    const score = (name: string) => reports.get(`${name}.example.com`).score as number;
    expect(score('cookie-good')).to.equal(100);
    for (const weak of ['cookie-session-readable', 'csp-unsafe-inline', 'csp-frame-ancestors-only', 'hsts-duplicate']) expect(score(weak), weak).to.be.at.most(94);
    expect(score('headers-none')).to.be.at.most(86);
  });
});

/** An otherwise well-formed site with this configuration's homepage headers and head markup. */
function serve(site: FixtureSite, c: Configuration): void {
  const host = hostOf(c);
  const files = goodSiteFiles(host);
  for (const [path, file] of Object.entries(files.https)) if (path !== '/') site.route(`${host}${path}`, file);
  const home = files.https['/']!;
  const headers: Record<string, string | string[]> = { ...home.headers };
  for (const [name, value] of Object.entries(c.headers ?? {})) {
    if (value === null) delete headers[name];
    else headers[name] = value;
  }
  const body = home.body.replace('</head>', `${c.head ?? ''}</head>`);
  site.route(`${host}/`, {
    handler: (req, res) => {
      if (!(req.socket as TLSSocket).encrypted) return void res.writeHead(301, { location: files.httpRedirect }).end();
      const markdown = req.headers.accept === 'text/markdown';
      res.writeHead(200, markdown ? files.markdownHome.headers : headers).end(markdown ? files.markdownHome.body : body);
    },
  });
}
