import { expect } from 'chai';
import type { TLSSocket } from 'node:tls';
import { CORS_PROBE_ORIGIN } from '../../src/domain/scan/probes.js';
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
  /** Homepage headers added to the answer of a request that carries an Origin, given that origin. */
  readonly onOrigin?: (origin: string) => Record<string, string>;
  readonly expect: Partial<Record<string, Status>>;
  /** Words each named check's detail must hold. */
  readonly details?: Partial<Record<string, string[]>>;
}

const NO_FRAMING_CSP = "default-src 'self'; base-uri 'self'";
const BROWSER_DEFAULT = 'browsers apply strict-origin-when-cross-origin, which keeps paths private.';
const DIGEST = 'sha384-oqVuAfXRKap7fdgcCY5uykM6+R9GqQ8K/uxy9rx7HNQlGYl1kPzQho1wx4JwY8wC';

const CONFIGURATIONS: readonly Configuration[] = [
  // RFC 6797
  { name: 'hsts-duplicate', headers: { 'strict-transport-security': 'max-age=31536000; max-age=300' }, expect: { hsts: 'fail' } },
  { name: 'hsts-zero', headers: { 'strict-transport-security': 'max-age=0' }, expect: { hsts: 'fail' } },
  { name: 'hsts-short', headers: { 'strict-transport-security': 'max-age=300' }, expect: { hsts: 'warn' } },
  { name: 'hsts-quoted', headers: { 'strict-transport-security': 'max-age="31536000"' }, expect: { hsts: 'pass' } },
  { name: 'hsts-two-headers', headers: { 'strict-transport-security': ['max-age=31536000', 'max-age=0'] }, expect: { hsts: 'pass' } },
  {
    name: 'hsts-subdomains-preload',
    headers: { 'strict-transport-security': 'max-age=63072000; includeSubDomains; preload' },
    expect: {},
    details: { hsts: ['max-age=63072000, includeSubDomains, preload.'] },
  },
  {
    name: 'hsts-short-preload',
    headers: { 'strict-transport-security': 'max-age=86400; preload; includeSubDomains' },
    expect: { hsts: 'warn' },
    details: { hsts: ['max-age=86400, includeSubDomains, preload:', 'under six months'] },
  },
  { name: 'hsts-no-max-age', headers: { 'strict-transport-security': 'includeSubDomains' }, expect: { hsts: 'fail' } },
  { name: 'hsts-absent', headers: { 'strict-transport-security': null }, expect: { hsts: 'fail' } },
  // CSP Level 3
  {
    name: 'csp-unsafe-inline',
    headers: { 'content-security-policy': "script-src 'unsafe-inline'; frame-ancestors 'none'" },
    expect: { content_security_policy: 'fail' },
  },
  { name: 'csp-frame-ancestors-only', headers: { 'content-security-policy': "frame-ancestors 'none'" }, expect: { content_security_policy: 'fail' } },
  {
    name: 'csp-meta-only',
    headers: { 'content-security-policy': null, 'x-frame-options': 'DENY' },
    head: `<meta http-equiv="Content-Security-Policy" content="${NO_FRAMING_CSP}">`,
    expect: { content_security_policy: 'pass' },
  },
  {
    name: 'csp-meta-frame-ancestors',
    headers: { 'content-security-policy': null },
    head: `<meta http-equiv="Content-Security-Policy" content="${NO_FRAMING_CSP}; frame-ancestors 'none'">`,
    expect: { security_headers: 'warn' },
  },
  { name: 'csp-frame-ancestors-star', headers: { 'content-security-policy': `${NO_FRAMING_CSP}; frame-ancestors *` }, expect: { security_headers: 'warn' } },
  {
    name: 'csp-frame-ancestors-star-xfo-deny',
    headers: { 'content-security-policy': `${NO_FRAMING_CSP}; frame-ancestors *`, 'x-frame-options': 'DENY' },
    expect: { security_headers: 'warn' },
    details: { security_headers: ['`frame-ancestors` lets any site frame the page, and browsers then ignore X-Frame-Options'] },
  },
  {
    name: 'csp-strict-dynamic',
    headers: {
      'content-security-policy':
        "script-src 'nonce-r4nd0m' 'strict-dynamic' 'unsafe-inline' https:; object-src 'none'; base-uri 'none'; frame-ancestors 'none'",
    },
    expect: {},
  },
  {
    name: 'csp-unsafe-eval',
    headers: { 'content-security-policy': "default-src 'self'; script-src 'self' 'unsafe-eval'; base-uri 'self'; frame-ancestors 'none'" },
    expect: { content_security_policy: 'warn' },
  },
  { name: 'csp-wildcard', headers: { 'content-security-policy': "default-src *; frame-ancestors 'none'" }, expect: { content_security_policy: 'fail' } },
  {
    name: 'csp-https-scheme',
    headers: { 'content-security-policy': "script-src https:; object-src 'none'; base-uri 'none'; frame-ancestors 'none'" },
    expect: { content_security_policy: 'warn' },
  },
  { name: 'csp-two-policies', headers: { 'content-security-policy': ["script-src 'unsafe-inline'", `${NO_FRAMING_CSP}; frame-ancestors 'none'`] }, expect: {} },
  {
    name: 'csp-hash',
    headers: {
      'content-security-policy':
        "script-src 'sha256-B2yPHKaXnvFWtRChIbabYmUBFZdVfKKXHbWtWidDVF8=' 'unsafe-inline'; object-src 'none'; base-uri 'self'; frame-ancestors 'none'",
    },
    expect: {},
  },
  {
    name: 'csp-no-base-uri',
    headers: { 'content-security-policy': "default-src 'self'; frame-ancestors 'none'" },
    expect: { content_security_policy: 'warn' },
  },
  // W3C Referrer Policy
  { name: 'referrer-unsafe-url', headers: { 'referrer-policy': 'unsafe-url' }, expect: { security_headers: 'warn' } },
  // No policy a browser recognizes: browsers apply strict-origin-when-cross-origin, which keeps paths private.
  {
    name: 'referrer-unknown-token',
    headers: { 'referrer-policy': 'no-referrer-please' },
    expect: {},
    details: { security_headers: [`No Referrer-Policy token a browser recognizes: ${BROWSER_DEFAULT}`] },
  },
  { name: 'referrer-absent', headers: { 'referrer-policy': null }, expect: {}, details: { security_headers: [`No Referrer-Policy: ${BROWSER_DEFAULT}`] } },
  { name: 'referrer-last-wins', headers: { 'referrer-policy': 'unsafe-url, strict-origin-when-cross-origin' }, expect: {} },
  {
    name: 'referrer-meta-overrides-header',
    head: '<meta name="referrer" content="unsafe-url">',
    expect: { security_headers: 'warn' },
    details: { security_headers: ['sets unsafe-url, which overrides the Referrer-Policy header'] },
  },
  { name: 'referrer-meta-legacy-keyword', headers: { 'referrer-policy': 'unsafe-url' }, head: '<meta name="referrer" content="never">', expect: {} },
  {
    name: 'referrer-meta-list',
    headers: { 'referrer-policy': null },
    head: '<meta name="referrer" content="unsafe-url, no-referrer">',
    expect: {},
    details: { security_headers: [`No Referrer-Policy: ${BROWSER_DEFAULT}`] },
  },
  { name: 'referrer-downgrade', headers: { 'referrer-policy': 'no-referrer-when-downgrade' }, expect: { security_headers: 'warn' } },
  // WHATWG Fetch and HTML
  { name: 'xcto-duplicated', headers: { 'x-content-type-options': 'nosniff, nosniff' }, expect: {} },
  { name: 'xcto-mixed-case', headers: { 'x-content-type-options': 'NoSniff' }, expect: {} },
  { name: 'xcto-wrong', headers: { 'x-content-type-options': 'sniff' }, expect: { security_headers: 'warn' } },
  {
    name: 'xfo-allow-from',
    headers: { 'content-security-policy': NO_FRAMING_CSP, 'x-frame-options': 'ALLOW-FROM https://partner.example.com/' },
    expect: { security_headers: 'warn' },
  },
  { name: 'xfo-several-values', headers: { 'content-security-policy': NO_FRAMING_CSP, 'x-frame-options': 'DENY, SAMEORIGIN' }, expect: {} },
  { name: 'xfo-sameorigin', headers: { 'content-security-policy': NO_FRAMING_CSP, 'x-frame-options': 'SAMEORIGIN' }, expect: {} },
  {
    name: 'headers-none',
    headers: { 'content-security-policy': null, 'x-content-type-options': null, 'referrer-policy': null },
    expect: { content_security_policy: 'fail', security_headers: 'warn' },
    details: {
      security_headers: [
        'X-Content-Type-Options is not `nosniff`',
        'Nothing stops other sites from framing the page',
        `No Referrer-Policy: ${BROWSER_DEFAULT}`,
      ],
    },
  },
  // RFC 6265bis
  { name: 'cookie-session-readable', headers: { 'set-cookie': 'sessionid=abc; Secure; SameSite=Lax; Path=/' }, expect: { cookies: 'fail' } },
  { name: 'cookie-not-secure', headers: { 'set-cookie': 'theme=dark; SameSite=Lax' }, expect: { cookies: 'warn' } },
  { name: 'cookie-bad-host-prefix', headers: { 'set-cookie': '__Host-pref=1; Secure; Path=/app; SameSite=Lax' }, expect: { cookies: 'warn' } },
  {
    name: 'cookie-secure-prefix-not-secure',
    headers: { 'set-cookie': '__Secure-pref=1; HttpOnly; SameSite=Lax; Path=/' },
    expect: { cookies: 'warn' },
    details: { cookies: ['refused by browsers: a __Secure- cookie needs Secure'] },
  },
  {
    name: 'cookie-samesite-none-not-secure',
    headers: { 'set-cookie': 'theme=dark; SameSite=None' },
    expect: { cookies: 'warn' },
    details: { cookies: ['SameSite=None needs Secure'] },
  },
  {
    name: 'cookie-samesite-invalid',
    headers: { 'set-cookie': 'theme=dark; Secure; SameSite=Sideways' },
    expect: { cookies: 'warn' },
    details: { cookies: ['SameSite value browsers do not know'] },
  },
  {
    name: 'cookie-session-not-secure',
    headers: { 'set-cookie': 'sessionid=abc; HttpOnly; SameSite=Lax; Path=/' },
    expect: { cookies: 'fail' },
    details: { cookies: ['lacks Secure, so it also travels over plain HTTP'] },
  },
  { name: 'cookie-no-samesite', headers: { 'set-cookie': 'theme=dark; Secure' }, expect: { cookies: 'warn' } },
  { name: 'cookie-good', headers: { 'set-cookie': ['__Host-sid=1; Secure; HttpOnly; Path=/; SameSite=Strict', 'lang=en; Secure; SameSite=Lax'] }, expect: {} },
  // CORS
  {
    name: 'cors-wildcard-credentials',
    headers: { 'access-control-allow-origin': '*', 'access-control-allow-credentials': 'true' },
    expect: { cross_origin: 'fail' },
  },
  { name: 'cors-null', headers: { 'access-control-allow-origin': 'null' }, expect: { cross_origin: 'fail' } },
  {
    name: 'corp-set',
    headers: { 'cross-origin-resource-policy': 'same-site', 'cross-origin-opener-policy': 'same-origin-allow-popups' },
    expect: {},
    details: { cross_origin: ['Cross-Origin-Opener-Policy: same-origin-allow-popups', 'Cross-Origin-Resource-Policy: same-site'] },
  },
  { name: 'cors-wildcard', headers: { 'access-control-allow-origin': '*', 'cross-origin-opener-policy': 'same-origin' }, expect: {} },
  // Asked from an unrelated origin: echoed with credentials, echoed without, and a fixed list that leaves it out.
  {
    name: 'cors-reflect-credentials',
    onOrigin: (origin) => ({ 'access-control-allow-origin': origin, 'access-control-allow-credentials': 'true', vary: 'Origin' }),
    expect: { cross_origin: 'fail' },
    details: {
      cross_origin: [
        `Asked from an unrelated origin (Origin: ${CORS_PROBE_ORIGIN}), the homepage echoed it in Access-Control-Allow-Origin with Access-Control-Allow-Credentials: true`,
      ],
    },
  },
  {
    name: 'cors-reflect-plain',
    onOrigin: (origin) => ({ 'access-control-allow-origin': origin, vary: 'Origin' }),
    expect: {},
    details: { cross_origin: ['Echoes any origin', 'without credentials'] },
  },
  {
    name: 'cors-allow-list',
    onOrigin: (origin): Record<string, string> =>
      origin === 'https://partner.example.com' ? { 'access-control-allow-origin': origin, 'access-control-allow-credentials': 'true' } : {},
    expect: {},
    details: { cross_origin: ['No CORS headers.'] },
  },
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
        for (const words of c.details?.[check.id] ?? []) expect(check.detail, `${c.name}: ${check.id}`).to.contain(words);
      }
    }
  });

  it('names the header value that would fix each failed or warned check, and never quotes the site', () => {
    for (const c of CONFIGURATIONS) {
      for (const check of reports.get(hostOf(c)).checks as Array<{ status: string; detail: string }>) {
        if (check.status === 'pass') continue;
        expect(check.detail, c.name).to.match(/`[^`]+`/);
        for (const quoted of ['partner.example.com', 'sessionid', '__Host-pref', '__Secure-pref', 'Sideways', 'cdn.example.net', 'no-referrer-please'])
          expect(check.detail, c.name).not.to.contain(quoted);
      }
    }
  });

  it('scores a site with a script-readable session cookie or a useless policy below the well-formed one', () => {
    const score = (name: string) => reports.get(`${name}.example.com`).score as number;
    expect(score('cookie-good')).to.equal(100);
    for (const weak of ['cookie-session-readable', 'csp-unsafe-inline', 'csp-frame-ancestors-only', 'hsts-duplicate'])
      expect(score(weak), weak).to.be.at.most(94);
    // 8 points of CSP and 4 of the essential headers lost; the referrer policy browsers apply by default keeps its 2.
    expect(score('headers-none')).to.be.at.most(88);
    expect(score('cors-reflect-credentials')).to.be.below(score('cors-reflect-plain'));
  });

  it('asks each homepage once more, from an unrelated origin, and keeps that answer as the evidence of cross_origin', () => {
    for (const c of CONFIGURATIONS) {
      const asked = sites.site.requests.filter((r) => r.host.replace(/:\d+$/, '') === hostOf(c) && r.headers.origin !== undefined);
      expect(
        asked.map((r) => [r.scheme, r.method, r.url, r.headers.origin]),
        c.name,
      ).to.deep.equal([['https', 'GET', '/', CORS_PROBE_ORIGIN]]);
    }
    const report = reports.get('cors-reflect-credentials.example.com');
    const item = report.evidence.find((e: { probe: string }) => e.probe === 'cors_root');
    expect(item).to.deep.include({ requested_url: 'https://cors-reflect-credentials.example.com/', status: 200 });
    expect(item.untrusted.headers).to.include({ 'access-control-allow-origin': CORS_PROBE_ORIGIN, 'access-control-allow-credentials': 'true', vary: 'Origin' });
    expect(report.checks.find((ch: { id: string }) => ch.id === 'cross_origin').evidence).to.include(item.n);
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
      const origin = typeof req.headers.origin === 'string' && c.onOrigin ? c.onOrigin(req.headers.origin) : {};
      res.writeHead(200, markdown ? files.markdownHome.headers : { ...headers, ...origin }).end(markdown ? files.markdownHome.body : body);
    },
  });
}
