import { expect } from 'chai';
import fc from 'fast-check';
import { domainName } from '../../../../src/domain/domain-name.js';
import { headerChecks } from '../../../../src/domain/scan/judge/header-checks.js';
import type { ProbeResponse } from '../../../../src/domain/scan/probes.js';

const GOOD_HEADERS: Record<string, string> = {
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'content-security-policy': "default-src 'self'; base-uri 'self'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
};

/** The header checks of a homepage answering with the good headers, changed by `headers` (null removes one). */
function judged(headers: Record<string, string | null>, head = '') {
  const merged: Record<string, string> = { ...GOOD_HEADERS };
  for (const [name, value] of Object.entries(headers)) {
    if (value === null) delete merged[name];
    else merged[name] = value;
  }
  const url = 'https://site.example.com/';
  const result: ProbeResponse = {
    ok: true,
    probe: 'https_root',
    requestedUrl: url,
    finalUrl: url,
    redirects: [],
    status: 200,
    headers: merged,
    setCookies: [],
    remoteAddress: '203.0.113.1',
    bodyText: `<html><head>${head}</head><body></body></html>`,
    bodyBytes: 0,
    bodySha256: '0'.repeat(64),
    truncated: false,
    durationMs: 5,
    certificate: { subject: 'CN=x', issuer: 'CN=ca', subjectAltNames: [], validFrom: '2026-01-01T00:00:00Z', validTo: '2027-01-01T00:00:00.000Z' },
  };
  const checks = headerChecks({ domain: domainName('site.example.com'), probes: { https_root: { n: 1, result } }, now: new Date('2026-09-10T00:00:00Z') });
  return Object.fromEntries(checks.map((c) => [c.id, c]));
}

describe('the header checks', () => {
  it('passes the well-formed headers', () => {
    const checks = judged({});
    expect(Object.values(checks).map((c) => c.status)).to.deep.equal(['pass', 'pass', 'pass']);
  });

  it('judges framing by frame-ancestors alone once a header policy has it, as WHATWG HTML does', () => {
    const open = judged({ 'content-security-policy': "default-src 'self'; base-uri 'self'; frame-ancestors *", 'x-frame-options': 'DENY' }).security_headers!;
    expect(open).to.include({ status: 'warn', points: 4 });
    expect(open.detail).to.equal(
      "`frame-ancestors` lets any site frame the page, and browsers then ignore X-Frame-Options. Send `Content-Security-Policy: frame-ancestors 'none'` (or `'self'`).",
    );
    expect(
      judged({ 'content-security-policy': "default-src 'self'; base-uri 'self'; frame-ancestors 'self'", 'x-frame-options': 'ALLOW-FROM https://a.example' })
        .security_headers,
    ).to.include({ status: 'pass' });
  });

  it('counts X-Frame-Options only when no header policy has frame-ancestors, a <meta> one included', () => {
    const noFraming = "default-src 'self'; base-uri 'self'";
    expect(judged({ 'content-security-policy': noFraming, 'x-frame-options': 'DENY, SAMEORIGIN' }).security_headers).to.include({ status: 'pass' });
    expect(
      judged(
        { 'content-security-policy': null, 'x-frame-options': 'DENY' },
        `<meta http-equiv="Content-Security-Policy" content="${noFraming}; frame-ancestors *">`,
      ).security_headers,
    ).to.include({ status: 'pass' });
    expect(judged({ 'content-security-policy': noFraming, 'x-frame-options': 'allowall' }).security_headers!.detail).to.match(
      /^X-Frame-Options holds no value browsers act on/,
    );
  });

  it('lets a valid <meta name=referrer> override the Referrer-Policy header, and ignores one that is no policy', () => {
    const weak = judged({}, '<meta name="referrer" content="unsafe-url">').security_headers!;
    expect(weak).to.include({ status: 'warn', points: 4 });
    expect(weak.detail).to.contain('The `<meta name="referrer">` sets unsafe-url, which overrides the Referrer-Policy header, and sends the full address');
    expect(weak.detail).to.contain(
      'Remove it or make it `<meta name="referrer" content="strict-origin-when-cross-origin">`, and send `Referrer-Policy: strict-origin-when-cross-origin`',
    );
    expect(judged({ 'referrer-policy': 'unsafe-url' }, '<meta name="referrer" content="never">').security_headers).to.include({ status: 'pass' });
    // A meta that is no policy leaves the document without one, so browsers apply their default.
    expect(judged({ 'referrer-policy': null }, '<meta name="referrer" content="unsafe-url, no-referrer">').security_headers).to.include({
      status: 'pass',
      points: 6,
      detail: 'nosniff and framing protection are set. No Referrer-Policy: browsers apply strict-origin-when-cross-origin, which keeps paths private.',
    });
    expect(judged({}, '<meta name="referrer" content="no-referrer-please">').security_headers).to.include({ status: 'pass' });
  });

  it('judges a missing or unrecognized Referrer-Policy as the strict-origin-when-cross-origin browsers then apply, and says so', () => {
    expect(judged({ 'referrer-policy': null }).security_headers).to.include({
      status: 'pass',
      points: 6,
      detail: 'nosniff and framing protection are set. No Referrer-Policy: browsers apply strict-origin-when-cross-origin, which keeps paths private.',
    });
    expect(judged({ 'referrer-policy': 'no-referrer-please, ' }).security_headers).to.include({
      status: 'pass',
      points: 6,
      detail:
        'nosniff and framing protection are set. No Referrer-Policy token a browser recognizes: browsers apply strict-origin-when-cross-origin, which keeps paths private.',
    });
    const others = judged({ 'referrer-policy': null, 'x-content-type-options': null }).security_headers!;
    expect(others).to.include({ status: 'warn', points: 4 });
    expect(others.detail).to.equal(
      'X-Content-Type-Options is not `nosniff` (its first value counts). Send `X-Content-Type-Options: nosniff`. No Referrer-Policy: browsers apply strict-origin-when-cross-origin, which keeps paths private.',
    );
    // The default is only what applies without a policy: a recognized leaky one still fails, a private one needs no note.
    expect(judged({ 'referrer-policy': 'made-up, unsafe-url' }).security_headers).to.include({ status: 'warn', points: 4 });
    expect(judged({ 'referrer-policy': null }, '<meta name="referrer" content="origin">').security_headers).to.include({ status: 'warn', points: 4 });
    expect(judged({ 'referrer-policy': null }, '<meta name="referrer" content="no-referrer">').security_headers!.detail).to.equal(
      'nosniff, framing protection and a private Referrer-Policy are set.',
    );
  });

  it('keeps the includeSubDomains and preload notes when HSTS warns, and names the fix', () => {
    const short = judged({ 'strict-transport-security': 'max-age=300; includeSubDomains; preload' }).hsts!;
    expect(short).to.include({ status: 'warn', points: 3 });
    expect(short.detail).to.equal(
      'max-age=300, includeSubDomains, preload: the max-age is under six months (15768000). Send `Strict-Transport-Security: max-age=31536000; includeSubDomains` (each directive once).',
    );
  });

  it('never passes HSTS with max-age=0, whatever other directives come with it (property)', () => {
    const directive = fc.constantFrom('includeSubDomains', 'preload', 'report-uri="https://r.example"', 'x-ext=1');
    fc.assert(
      fc.property(fc.uniqueArray(directive, { maxLength: 3 }), fc.nat(4), fc.constantFrom('max-age=0', 'MAX-AGE="0"', 'max-age=000'), (others, at, zero) => {
        const list: string[] = [...others];
        list.splice(Math.min(at, list.length), 0, zero);
        expect(judged({ 'strict-transport-security': list.join('; ') }).hsts).to.include({ status: 'fail', points: 0 });
      }),
      { numRuns: 200 },
    );
  });

  it('writes details that read as sentences, with directive names in their own case', () => {
    const csp = judged({ 'content-security-policy': "script-src 'unsafe-inline'" }).content_security_policy!;
    expect(csp.status).to.equal('fail');
    expect(csp.detail).to.match(
      /^`script-src` allows `'unsafe-inline'` without a nonce or hash, so injected script runs; `object-src` \(or `default-src`\) does not limit plugins; `base-uri` is not limited/,
    );
    expect(csp.detail).not.to.match(/Script-src|Object-src|Base-uri/);
  });
});
