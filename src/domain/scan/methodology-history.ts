/** One published revision of the scan methodology: what changed in the judged rules and why. */
export interface MethodologyRevision {
  readonly version: string;
  /** The day it took effect (UTC). */
  readonly published: string;
  /** Each rule that changed, with the reason, in one sentence. */
  readonly changes: readonly string[];
}

/**
 * Every revision, newest first; the first is the current one. A report keeps the version it was
 * judged under, and a stored result is reused only under the same version.
 */
export const METHODOLOGY_REVISIONS: readonly MethodologyRevision[] = [
  {
    version: '2026-09-05.4',
    published: '2026-11-26',
    changes: [
      '`contact_legal` takes for each page the link a reader takes, no longer the first link whose text or path names it: never a link whose text is a sentence (more than six words, or three or more ending in punctuation), and before others a link outside running text (in a footer, nav, contentinfo or navigation landmark, or a block without prose), then one whose own text names the page ("Privacy policy", "Datenschutz", "Impressum", "Terms", "AGB", "Contact", "Kontakt" and the like), then one on the homepage\'s host, then one in a footer or navigation, then one whose path names it; and a `mailto:` link is a contact address only when it names a recipient (a share-by-e-mail button, `mailto:?subject=…`, is not). Why: on a real home page a sentence in the body ("…improve privacy and security…") linking a FAQ came before the footer\'s "Privacy policy" link, so the FAQ was judged as the privacy notice and the site lost points.',
      '`security_headers` judges a missing Referrer-Policy, or one holding no token browsers recognize (with no valid `<meta name="referrer">` either), as the strict-origin-when-cross-origin browsers then apply, which keeps paths private, so that part passes and the detail says so ("No Referrer-Policy: browsers apply strict-origin-when-cross-origin, which keeps paths private"). Why: it failed before although browsers leak nothing in that case (W3C Referrer Policy, WHATWG Fetch).',
      "`cross_origin` asks the homepage a second time with `Origin: https://vetted-origin-probe.example` (probe `cors_root`, one more request per scan, kept as evidence with its Access-Control-Allow-Origin and Access-Control-Allow-Credentials headers, as are the homepage's), and fails when the answer echoes that origin with Access-Control-Allow-Credentials: true; an echo without credentials passes, and so does a probe without an answer, which the detail says. Why: a scan sent no Origin, so a server that echoes any origin with credentials, letting every site read the page with its visitors' cookies, was never seen; Mozilla's HTTP Observatory sends an Origin of its own for the same reason.",
      '`security_txt` reads every field to RFC 9116\'s grammar: a Contact that is not a URI (`security@example.com` instead of `mailto:security@example.com`), an Encryption, Acknowledgments, Canonical, Policy or Hiring value that is not a URI, a web URI that is not https (§2.5), and a Preferred-Languages line that is not a list of language tags now make the file invalid (warn, 3 of 8 points), and the detail says each in words. Why: such a file passed as "Valid: 2 contacts" although the RFC requires a URI, and a reader cannot act on a bare address in a machine-read field.',
      "`sitemap` wants the one namespace sitemaps.org defines, http://www.sitemaps.org/schemas/sitemap/0.9 (an `https://` or other spelling, or none, is another namespace), well-formed XML (a file cut at the fetch limit excepted), and at least one absolute URL on the sitemap's own host; otherwise warn (2 of 5). URLs on other hosts are named in the detail. Why: a sitemap in the wrong namespace, not well-formed, or listing only relative or other hosts' URLs passed, although crawlers read nothing from it.",
      'Declarations (never scored) are judged by the structure their specification requires: llms.txt must open with its one H1 and list at least one `[name](url)` link in an H2 section; an A2A agent card needs description, capabilities, defaultInputModes, defaultOutputModes, skills with id, name, description and tags, and interfaces with a protocol binding at an endpoint URL; an MCP server card endpoint must be an http(s) URL or a path; API catalog anchors must be absolute URLs and every link target needs an href; authorization server metadata needs the endpoints its grants use (RFC 8414 §2), https endpoints, and at /.well-known/openid-configuration the members OpenID Connect Discovery requires; protected resource metadata must list issuer identifiers, not metadata URLs; an Agent Skills index may give its digest as a `sha256` member. Why: of 25 real llms.txt files 15 passed without a single link, and 3 of 11 real agent cards passed without required members.',
      'Details are written in words: every finding a sentence (no bare code such as INVALID_EXPIRES), counts with their plural ("1 URL", "2 contacts"), the AI crawlers a robots.txt blocks named, and a fetch failure said as what happened ("no answer in time").',
    ],
  },
  {
    version: '2026-09-05.3',
    published: '2026-11-25',
    changes: [
      '`hsts` reads the header to the RFC 6797 grammar: a repeated directive (`max-age=31536000; max-age=300`), a missing or non-numeric max-age, or any grammar error now fails, because browsers ignore such a header (§6.1, §8.1); `max-age=0` fails instead of warning, because it removes the policy (§6.1.1). Of several headers only the first counts. Why: these headers passed before although they protect nothing.',
      "New check `content_security_policy` (8 points), split out of `security_headers`: any CSP header used to pass; now `<script>` elements (script-src-elem, else script-src, else default-src) and inline event handlers (script-src-attr, else script-src, else default-src) must both keep injected script out. 'unsafe-inline' left in force, wildcards (a host of `*` such as `https://*` included) and scheme-only sources, or a policy with no script directive (only frame-ancestors, say) earn no script points; 'unsafe-eval', or no script-src or default-src to limit eval, earns half; nonces and hashes are understood as CSP Level 3 browsers apply them, and so is 'strict-dynamic', which makes browsers ignore 'unsafe-inline', host and scheme sources with or without a nonce or hash (without one no script loads at all, which still keeps injected script out, so it protects); several policies are combined as browsers do; a policy in `<meta http-equiv>` counts (without frame-ancestors, report-uri and sandbox, which browsers ignore there); object-src and base-uri earn a point each.",
      "`security_headers` (now 6 points, 2 each) reads X-Content-Type-Options by its first value, case-insensitive (`nosniff, nosniff` passes, as WHATWG Fetch reads it). Framing: when a header policy has frame-ancestors, it alone decides, because WHATWG HTML then ignores X-Frame-Options (`frame-ancestors *` with `X-Frame-Options: DENY` fails, and `frame-ancestors *` no longer counts); otherwise X-Frame-Options counts as HTML reads its set of values (ALLOW-FROM is obsolete and still gives nothing). Referrer: the header's last recognized token, replaced by a `<meta name=referrer>` holding a valid policy, because HTML lets the meta replace the document's policy (the last valid meta wins, read as one token with the legacy never, default, always and origin-when-crossorigin mapped); only the policies that keep paths private pass (unsafe-url, no-referrer-when-downgrade, origin and origin-when-cross-origin, and tokens browsers ignore, no longer pass).",
      'New checks `cookies` (6), `subresource_integrity` (4) and `cross_origin` (2): cookies the homepage sets (Secure, HttpOnly for session-like names, SameSite, the __Host- and __Secure- prefixes), integrity digests on cross-origin scripts and stylesheets, and CORS (a wildcard with credentials, or the null origin, fails); Cross-Origin-Opener-Policy and Cross-Origin-Resource-Policy are noted. Why: none of these were looked at, so a site whose session cookies scripts can read scored like a well-configured one.',
      'Weights rebalanced to make room (web security 26 of 100 points, transport 32, crawlability 14, identity 20, security.txt 8); see "How the weights are set". Each old → new maximum, warn points in parentheses: `https_reachable` 15 → 12 (warn 5 → 4), `tls_certificate` 10 (unchanged), `http_redirect` 5 → 4 (warn 2, unchanged), `hsts` 5 → 6 (warn 2 → 3), `security_headers` 10 → 6 (its Content-Security-Policy 4 points became the 8 of `content_security_policy`), `robots_txt` 7 → 6 (warn 4 → 3), `ai_agent_access` 4 → 3 (warn 2 → 1), `sitemap` 6 → 5 (warn 3 → 2), `homepage_metadata` 9 → 6 (3 → 2 points for each of title, description and lang), `organization_identity` 10 → 8 (warn 5 → 4), `contact_legal` 9 → 6 (3 → 2 points for each page read as promised; 1 for a link to another host or a page that could not be fetched, unchanged), `security_txt` 10 → 8 (warn 4 → 3). Why: the rules of these checks did not change, only their share of the 100 points.',
    ],
  },
  {
    version: '2026-09-05.2',
    published: '2026-11-25',
    changes: [
      '`contact_legal` fetches the privacy, terms and contact (or legal notice) pages the homepage links on its own host, at most three, and judges what they say instead of the link text: a privacy notice or terms must name at least two of their unavoidable subjects in 80 words or more, a contact page must give an e-mail address, a telephone number or a contact form. A link to another host, a page that redirects to another host (it is not the site\'s own), a page that could not be fetched or answered 5xx earns 1 of 3 points; a 4xx answer or a page that does not read as promised earns 0. Why: a link named "Privacy" to an empty or missing page told a reader nothing.',
      'New declaration `acp`: the Agentic Commerce Protocol discovery document at /.well-known/acp.json. Every report under this version looks for all seventeen declarations (declaration set 2026-11-25, recorded in each report as `declaration_set`).',
      'Declaration `markdown_negotiation` warns when the text/markdown answer is empty or lacks `Vary: Accept`, which lets a shared cache serve the Markdown to browsers (RFC 9110 §12.5.5); before, any text/markdown answer passed. Declarations are never scored.',
    ],
  },
  {
    version: '2026-09-05.1',
    published: '2026-09-05',
    changes: [
      'First published methodology: twelve core checks summing to 100, and the declarations agents.md, llms.txt, MCP server card, A2A agent card, x402, OpenAPI and Markdown negotiation.',
      'From 2026-11-23, reports under this version also looked for the API catalog, OAuth protected resource and authorization server metadata, the Web Bot Auth key directory, the Agent Skills index, UCP, AP2, the homepage Link header and WebMCP tool forms; earlier ones list only the seven above (declaration sets 2026-11-23 and 2026-09-05, told from the declarations a report lists). Declarations are never scored, so the version stayed.',
    ],
  },
];
