import { expect } from 'chai';
import fc from 'fast-check';
import { judgeCsp, parseCspPolicies } from '../../../../../src/domain/scan/parsers/csp-policy.js';
import { parseHsts } from '../../../../../src/domain/scan/parsers/hsts-header.js';
import { isNosniff, parseFrameOptions, parseMetaReferrer, parseReferrerPolicy } from '../../../../../src/domain/scan/parsers/response-headers.js';

describe('parseHsts (RFC 6797)', () => {
  it('reads max-age, includeSubDomains and preload, names case-insensitive, the value possibly quoted', () => {
    expect(parseHsts('max-age=31536000; includeSubDomains; preload')).to.deep.equal({
      valid: true,
      maxAge: 31536000,
      includeSubDomains: true,
      preload: true,
      severalHeaders: false,
      errors: [],
    });
    expect(parseHsts('MAX-AGE="15768000"; IncludeSubdomains')).to.include({ valid: true, maxAge: 15768000, includeSubDomains: true });
    expect(parseHsts('max-age=300; unknown=ignored;;')).to.include({ valid: true, maxAge: 300 });
  });

  it('is ignored by browsers, so invalid, when a directive repeats, max-age is missing or not digits, or the grammar breaks', () => {
    expect(parseHsts('max-age=31536000; max-age=300').errors).to.deep.equal(['DUPLICATE_DIRECTIVE']);
    expect(parseHsts('max-age=31536000; preload; Preload').errors).to.deep.equal(['DUPLICATE_DIRECTIVE']);
    expect(parseHsts('includeSubDomains').errors).to.deep.equal(['NO_MAX_AGE']);
    expect(parseHsts('max-age=1y').errors).to.deep.equal(['BAD_MAX_AGE']);
    expect(parseHsts('max-age=-1').errors).to.deep.equal(['BAD_MAX_AGE']);
    expect(parseHsts('max-age 31536000').errors).to.deep.equal(['BAD_SYNTAX']);
    expect(parseHsts('  ').errors).to.deep.equal(['EMPTY']);
  });

  it('reads only the first of several headers joined by commas (§8.1), a comma inside quotes aside', () => {
    expect(parseHsts('max-age=31536000, max-age=0')).to.include({ valid: true, maxAge: 31536000, severalHeaders: true });
    expect(parseHsts('max-age=0, max-age=31536000')).to.include({ maxAge: 0, severalHeaders: true });
    expect(parseHsts('max-age=31536000; x="a,b"')).to.include({ valid: true, severalHeaders: false });
  });

  it('never throws, whatever the header (property)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (value) => {
        const policy = parseHsts(value);
        expect(policy.valid).to.equal(policy.errors.length === 0);
      }),
      { numRuns: 500 },
    );
  });
});

describe('Content Security Policy (CSP Level 3)', () => {
  const judge = (header: string[], meta: string[] = []) => judgeCsp(parseCspPolicies(header, meta));

  it('protects scripts with an allowlist, nonces, hashes or strict-dynamic, as browsers apply them', () => {
    expect(judge(["default-src 'self'; object-src 'none'; base-uri 'self'"])).to.deep.include({
      scripts: 'protected',
      objectsRestricted: true,
      baseUriRestricted: true,
    });
    expect(judge(["script-src 'nonce-r4nd0m' 'strict-dynamic' 'unsafe-inline' https:; object-src 'none'; base-uri 'none'"]).scripts).to.equal('protected');
    expect(judge(["script-src 'sha256-abc' 'unsafe-inline'"]).scripts).to.equal('protected');
    expect(judge(["script-src 'none'"]).scripts).to.equal('protected');
  });

  it('does not protect scripts with unsafe-inline alone, wildcards, scheme-only sources or no script directive', () => {
    expect(judge(["script-src 'unsafe-inline'"])).to.deep.include({
      scripts: 'unprotected',
      scriptReasons: ["`script-src` allows `'unsafe-inline'` without a nonce or hash"],
    });
    expect(judge(['default-src *']).scriptReasons).to.deep.equal(['`default-src` allows any host (`*`)']);
    expect(judge(["script-src 'self' https: data:"]).scriptReasons).to.deep.equal(['`script-src` allows any host (`https:` `data:`)']);
    expect(judge(["frame-ancestors 'none'"])).to.deep.include({
      scripts: 'unprotected',
      scriptReasons: ['no `script-src` or `default-src` limits scripts'],
      frameAncestors: 'restricted',
    });
    expect(judge([])).to.deep.include({ scripts: 'unprotected', scriptReasons: ['there is no Content-Security-Policy'] });
    expect(judge(["default-src 'self'; script-src 'self' 'unsafe-eval'"]).scripts).to.equal('eval_allowed');
  });

  it("takes 'strict-dynamic' as CSP Level 3 does: it disables 'unsafe-inline', host and scheme sources even without a nonce or hash", () => {
    // With no nonce or hash no script loads at all: injected markup runs nothing.
    expect(judge(["script-src 'strict-dynamic' 'unsafe-inline' https:; object-src 'none'; base-uri 'none'"])).to.deep.include({
      scripts: 'protected',
      scriptReasons: [],
    });
    expect(judge(["default-src 'strict-dynamic' *"]).scripts).to.equal('protected');
    expect(judge(["script-src 'strict-dynamic' 'unsafe-eval'"]).scripts).to.equal('eval_allowed');
  });

  it('judges <script> elements by script-src-elem and event handlers by script-src-attr, each before script-src', () => {
    expect(judge(["default-src 'self'; script-src-attr 'unsafe-inline'"])).to.deep.include({
      scripts: 'unprotected',
      scriptReasons: ["`script-src-attr` allows `'unsafe-inline'` without a nonce or hash"],
    });
    expect(judge(["script-src 'self'; script-src-elem *"]).scriptReasons).to.deep.equal(['`script-src-elem` allows any host (`*`)']);
    expect(judge(["script-src-elem 'self'"]).scriptReasons).to.deep.equal(['no `script-src-attr`, `script-src` or `default-src` limits inline event handlers']);
    expect(judge(["script-src-elem 'self'; script-src-attr 'none'"])).to.deep.include({
      scripts: 'eval_allowed',
      scriptReasons: ['no `script-src` or `default-src` limits `eval()`'],
    });
    // Host sources load nothing into an event handler.
    expect(judge(["script-src 'self'; script-src-attr https:"]).scripts).to.equal('protected');
  });

  it('counts a host-source whose host is * as a wildcard, naming only its scheme', () => {
    expect(judge(["script-src 'self' https://*:443/lib/"]).scriptReasons).to.deep.equal(['`script-src` allows any host (`https://*`)']);
    expect(judge(["default-src 'self'; object-src *:8080"]).objectsRestricted).to.equal(false);
    expect(judge(['frame-ancestors https://*']).frameAncestors).to.equal('open');
    expect(judge(['script-src https://*.cdn.example']).scripts).to.equal('protected');
  });

  it('combines several policies as browsers do: the strictest decides', () => {
    expect(judge(["script-src 'unsafe-inline', script-src 'self'"]).scripts).to.equal('protected');
    expect(judge(["script-src 'unsafe-inline'", "default-src 'self'"]).scripts).to.equal('protected');
    expect(judge(["default-src 'self'; default-src *"]).scripts).to.equal('protected');
  });

  it('reads frame-ancestors from header policies only: restricted when one limits it, open when each allows any site', () => {
    expect(judge(["default-src 'self'"]).frameAncestors).to.equal('absent');
    expect(judge(['frame-ancestors *', "frame-ancestors 'self'"]).frameAncestors).to.equal('restricted');
    expect(judge(['frame-ancestors * https:'], ["frame-ancestors 'none'"])).to.deep.include({ frameAncestors: 'open', framingOnlyInMeta: false });
  });

  it('takes a <meta> policy, without frame-ancestors, which browsers ignore there', () => {
    expect(judge([], ["default-src 'self'; base-uri 'self'"])).to.deep.include({ scripts: 'protected', baseUriRestricted: true });
    expect(judge([], ["default-src 'self'; frame-ancestors 'none'"])).to.deep.include({ frameAncestors: 'absent', framingOnlyInMeta: true });
    expect(judge(['frame-ancestors *']).frameAncestors).to.equal('open');
    expect(judge(['frame-ancestors https://partner.example']).frameAncestors).to.equal('restricted');
  });

  it('never throws, whatever the policies (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 200 }), { maxLength: 3 }), fc.array(fc.string({ maxLength: 200 }), { maxLength: 2 }), (header, meta) => {
        expect(['protected', 'eval_allowed', 'unprotected']).to.include(judge(header, meta).scripts);
      }),
      { numRuns: 300 },
    );
  });
});

describe('Referrer-Policy, X-Content-Type-Options and X-Frame-Options', () => {
  it('takes the last referrer policy a browser recognizes, and none when it recognizes none', () => {
    expect(parseReferrerPolicy('unsafe-url, strict-origin-when-cross-origin')).to.equal('strict-origin-when-cross-origin');
    expect(parseReferrerPolicy('no-referrer, made-up')).to.equal('no-referrer');
    expect(parseReferrerPolicy('No-Referrer-When-Downgrade')).to.equal('no-referrer-when-downgrade');
    expect(parseReferrerPolicy('no-referrer-please')).to.equal(null);
    expect(parseReferrerPolicy(undefined)).to.equal(null);
  });

  it('reads a <meta name=referrer> as one token, ASCII lower-cased, mapping the legacy keywords as WHATWG HTML does', () => {
    expect(['never', 'default', 'always', 'origin-when-crossorigin', 'ALWAYS'].map(parseMetaReferrer)).to.deep.equal([
      'no-referrer',
      'strict-origin-when-cross-origin',
      'unsafe-url',
      'origin-when-cross-origin',
      'unsafe-url',
    ]);
    expect(parseMetaReferrer('Unsafe-URL')).to.equal('unsafe-url');
    expect(parseMetaReferrer('no-referrer, unsafe-url')).to.equal(null);
    expect(parseMetaReferrer(' no-referrer')).to.equal(null);
    expect(parseMetaReferrer('')).to.equal(null);
    expect(parseMetaReferrer('constructor')).to.equal(null);
    expect(parseMetaReferrer(undefined)).to.equal(null);
  });

  it('reads nosniff from the first value only, case-insensitive', () => {
    expect(isNosniff('nosniff, nosniff')).to.equal(true);
    expect(isNosniff('NoSniff')).to.equal(true);
    expect(isNosniff(', nosniff')).to.equal(false);
    expect(isNosniff('sniff, nosniff')).to.equal(false);
    expect(isNosniff('\tnosniff ')).to.equal(true);
    // Fetch strips only HTTP whitespace: a no-break space leaves a value that is not nosniff.
    expect(isNosniff('\u00a0nosniff')).to.equal(false);
    expect(isNosniff(undefined)).to.equal(false);
  });

  it('reads X-Frame-Options as a set of values, as WHATWG HTML does, ALLOW-FROM giving nothing', () => {
    expect(parseFrameOptions('DENY')).to.equal('deny');
    expect(parseFrameOptions('sameorigin')).to.equal('sameorigin');
    expect(parseFrameOptions('SAMEORIGIN, DENY')).to.equal('deny');
    expect(parseFrameOptions('deny, deny')).to.equal('deny');
    expect(parseFrameOptions('ALLOW-FROM https://example.com/')).to.equal('allow');
    expect(parseFrameOptions('allow-from a, allow-from b')).to.equal('allow');
    expect(parseFrameOptions('SAMEORIGIN,')).to.equal('deny');
    expect(parseFrameOptions(',')).to.equal('allow');
    expect(parseFrameOptions(undefined)).to.equal('allow');
  });
});
