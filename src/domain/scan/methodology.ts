import { METHODOLOGY_REVISIONS } from './methodology-history.js';

export { DECLARATIONS, type DeclarationDefinition } from './declaration-definitions.js';

/** The version every report and readiness answer carries; a stored result is reused only under the same one. */
export const METHODOLOGY_VERSION = METHODOLOGY_REVISIONS[0]!.version;

/** A core check: scored for every site; the maxima sum to 100. */
export interface CheckDefinition {
  readonly id: string;
  readonly category: 'transport' | 'web_security' | 'crawlability' | 'identity' | 'security_contact';
  readonly title: string;
  readonly max: number;
  readonly standard: string;
  /** How the points are earned, for /methodology.md. */
  readonly rule: string;
}

export const CORE_CHECKS: readonly CheckDefinition[] = [
  {
    id: 'https_reachable',
    category: 'transport',
    title: 'Homepage reachable over HTTPS',
    max: 12,
    standard: 'RFC 9110 (HTTP semantics)',
    rule: 'pass 12: https://{domain}/ answers 2xx after redirects; warn 4: it answers another status; fail 0: no HTTPS answer.',
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
    max: 4,
    standard: 'RFC 9110 §15.4; MDN redirection guidance',
    rule: 'pass 4: http://{domain}/ redirects first to https on the same host and ends on https; warn 2: it ends on https by another way; fail 0: it stays on http; info 0: port 80 does not answer (nothing to judge, no points).',
  },
  {
    id: 'hsts',
    category: 'transport',
    title: 'HTTP Strict Transport Security',
    max: 6,
    standard: 'RFC 6797',
    rule: 'Read to the RFC 6797 grammar: of several headers only the first counts (§8.1); a repeated directive, a missing or non-numeric max-age or any other grammar error makes browsers ignore the header (§6.1). pass 6: max-age ≥ 15768000 (six months); warn 3: a shorter max-age above 0; fail 0: absent, ignored, or max-age=0 (which removes the policy, §6.1.1). includeSubDomains and preload are noted whether it passes or warns.',
  },
  {
    id: 'content_security_policy',
    category: 'web_security',
    title: 'Content Security Policy against script injection',
    max: 8,
    standard: 'W3C CSP Level 3',
    rule: "Every policy from the Content-Security-Policy header (several policies and headers combined as browsers do: each must allow a load) and from <meta http-equiv> in the head. Scripts 6 when script elements (script-src-elem, else script-src, else default-src) and inline event handlers (script-src-attr, else script-src, else default-src) are both limited: by nonces, hashes, 'strict-dynamic', 'none', 'self' or host lists; 3 when eval is still allowed ('unsafe-eval' in script-src, else default-src, or neither present); 0 with 'unsafe-inline' in force, a wildcard, a host of * (https://*) or a scheme-only source (https:, data:), or no such directive. Nonces and hashes make browsers ignore 'unsafe-inline'; 'strict-dynamic' makes them ignore 'unsafe-inline', host and scheme sources with or without a nonce or hash (CSP Level 3): without one no script loads at all, which still keeps injected script out, so it protects. object-src (else default-src) without wildcards 1; base-uri without wildcards 1. pass 8, fail 0, warn otherwise.",
  },
  {
    id: 'security_headers',
    category: 'web_security',
    title: 'Essential security headers',
    max: 6,
    standard: 'WHATWG Fetch (X-Content-Type-Options); W3C CSP Level 3 frame-ancestors; WHATWG HTML (X-Frame-Options); W3C Referrer Policy',
    rule: "2 each: X-Content-Type-Options whose first value is nosniff (case-insensitive); framing protection: when a header policy has frame-ancestors, it alone decides (WHATWG HTML then ignores X-Frame-Options) and counts when one such policy allows no wildcard or scheme-only source; otherwise X-Frame-Options DENY or SAMEORIGIN as HTML reads the set of values (ALLOW-FROM is obsolete; frame-ancestors in <meta> is ignored); a private referrer policy: the Referrer-Policy header's last recognized token, replaced by the last <meta name=referrer> holding a valid policy (read as one token, ASCII case-insensitive, the legacy never, default, always and origin-when-crossorigin mapped to no-referrer, strict-origin-when-cross-origin, unsafe-url and origin-when-cross-origin, as WHATWG HTML does), must be no-referrer, same-origin, strict-origin or strict-origin-when-cross-origin (unsafe-url, no-referrer-when-downgrade, origin and origin-when-cross-origin leak); with no policy a browser recognizes in either, browsers apply strict-origin-when-cross-origin (W3C Referrer Policy, WHATWG Fetch), which passes and is said in the detail. pass 6, fail 0, warn otherwise.",
  },
  {
    id: 'cookies',
    category: 'web_security',
    title: 'Cookies set by the homepage',
    max: 6,
    standard: 'RFC 6265bis (Secure, HttpOnly, SameSite, __Host- and __Secure- prefixes)',
    rule: 'pass 6: no cookie, or every cookie Secure with a valid SameSite and every session-like one (by name: session, sid, auth, token, jwt, login, remember) HttpOnly; warn 5: only SameSite missing; warn 3: a cookie lacks Secure, has an unknown SameSite, or breaks its prefix rules so browsers refuse it; fail 0: a session-like cookie lacks HttpOnly or Secure.',
  },
  {
    id: 'subresource_integrity',
    category: 'web_security',
    title: 'Subresource Integrity on cross-origin scripts and stylesheets',
    max: 4,
    standard: 'W3C Subresource Integrity',
    rule: 'pass 4: every <script src> and stylesheet <link> from another origin carries an integrity digest, or there is none; warn 3: only stylesheets lack one; warn 1: a script lacks one; fail 0: one is loaded over plain HTTP.',
  },
  {
    id: 'cross_origin',
    category: 'web_security',
    title: 'Cross-origin sharing',
    max: 2,
    standard: 'WHATWG Fetch (CORS, Cross-Origin-Resource-Policy); WHATWG HTML (Cross-Origin-Opener-Policy)',
    rule: "The homepage is asked once more with `Origin: https://vetted-origin-probe.example` (a reserved name no site can trust), as a page of another site would ask. fail 0: that answer echoes the origin in Access-Control-Allow-Origin with Access-Control-Allow-Credentials exactly true (any site could read the page with its visitors' cookies), or either answer has Access-Control-Allow-Origin * with credentials true, or Access-Control-Allow-Origin null; pass 2 otherwise: no CORS header, a wildcard or an echo without credentials, or a named origin. Cross-Origin-Opener-Policy and Cross-Origin-Resource-Policy are noted, never scored.",
  },
  {
    id: 'robots_txt',
    category: 'crawlability',
    title: 'robots.txt parseable',
    max: 6,
    standard: 'RFC 9309',
    rule: 'pass 6: 2xx plain text that parses with at least one group and no invalid lines; warn 3: parses with problems, or 4xx (RFC 9309: unavailable, so everything may be crawled); fail 0: 5xx, unreachable or HTML (RFC 9309: assume complete disallow).',
  },
  {
    id: 'ai_agent_access',
    category: 'crawlability',
    title: 'robots.txt lets AI agents in',
    max: 3,
    standard: 'RFC 9309; contentsignals.org',
    rule: 'pass 3: every listed AI crawler may fetch /; warn 1: some may; fail 0: none may (including a robots.txt that is unreachable, which RFC 9309 reads as complete disallow).',
  },
  {
    id: 'sitemap',
    category: 'crawlability',
    title: 'Sitemap',
    max: 5,
    standard: 'sitemaps.org protocol 0.9',
    rule: 'pass 5: the sitemap named in robots.txt (or /sitemap.xml) is well-formed XML whose urlset or sitemapindex root is in the namespace http://www.sitemaps.org/schemas/sitemap/0.9 exactly (or a text file of one URL a line), and lists at least one absolute URL on its own host; URLs on other hosts, relative locations, malformed lastmod dates and more than 50,000 URLs are named in the detail; warn 2: it answers but cannot be used that way; fail 0: none.',
  },
  {
    id: 'homepage_metadata',
    category: 'identity',
    title: 'Homepage metadata',
    max: 6,
    standard: 'WHATWG HTML (title, meta description, lang)',
    rule: '2 points each for a non-empty <title>, <meta name="description"> and <html lang>.',
  },
  {
    id: 'organization_identity',
    category: 'identity',
    title: 'Organization identity',
    max: 8,
    standard: 'schema.org Organization (JSON-LD)',
    rule: 'pass 8: JSON-LD Organization (or a subtype) with name and url; warn 4: an Organization missing one of them, or only og:site_name; fail 0: none.',
  },
  {
    id: 'contact_legal',
    category: 'identity',
    title: 'Contact and legal pages',
    max: 6,
    standard: 'GDPR Art. 13 (privacy notice); EU Directive 2000/31/EC Art. 5 (provider information)',
    rule: "Each page is the link a reader takes for it: never a link whose text is a sentence (more than six words, or three or more ending in punctuation); before others, links outside running text (a footer, nav, contentinfo or navigation landmark counts as outside), then links whose own text names the page (Privacy policy, Datenschutz, Impressum, Terms, AGB, Contact, Kontakt and the like in English, German, French and Spanish), then links on the homepage's host, then links in a footer or navigation, then links whose path names it; then the first. A `mailto:` link is a contact address only when it names a recipient. The privacy, terms and contact (or legal notice) pages so chosen on the homepage's own host are fetched, at most three. 2 points each when the page reads as what its link promised: a privacy notice or terms naming at least two of their subjects in 80 words or more, a contact page giving an e-mail address, a telephone number or a contact form (an e-mail link on the homepage counts too); 1 point for a link to another host (a page that redirects to another host counts as one) or a page that could not be fetched or answered 5xx; 0 for no link, a 4xx answer or a page that does not read as promised. pass at 6, fail at 0, warn otherwise.",
  },
  {
    id: 'security_txt',
    category: 'security_contact',
    title: 'security.txt',
    max: 8,
    standard: 'RFC 9116',
    rule: "pass 8: /.well-known/security.txt over HTTPS, read to RFC 9116's grammar: at least one Contact, exactly one Expires (an RFC 3339 date-time in the future), every Contact, Encryption, Acknowledgments, Canonical, Policy and Hiring value a URI (an e-mail address needs mailto:) and every web URI https, Preferred-Languages at most once and made of language tags; lines that are neither a field nor a comment, an Expires over a year ahead and a cut-short signature are noted; warn 3: present but breaking any of these; fail 0: absent.",
  },
];

/** What a scan never covers; printed in every report's scope. */
export const NOT_COVERED: readonly string[] = [
  'pages other than the ones listed, and anything behind a login',
  'whether the business is legitimate, solvent or good at what it does',
  'whether a task an agent performs on the site will succeed',
  "the site's availability after the scan time",
  'the content of the site beyond the bounded excerpts stored as evidence',
];
