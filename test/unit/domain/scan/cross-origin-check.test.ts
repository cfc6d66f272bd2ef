import { expect } from 'chai';
import { domainName } from '../../../../src/domain/domain-name.js';
import { webSecurityChecks } from '../../../../src/domain/scan/judge/web-security-checks.js';
import { CORS_PROBE_ORIGIN, type ProbeId, type ProbeResponse, type ProbeResult } from '../../../../src/domain/scan/probes.js';

const URL_ = 'https://site.example.com/';

function answer(probe: ProbeId, headers: Record<string, string>): ProbeResponse {
  return {
    ok: true,
    probe,
    requestedUrl: URL_,
    finalUrl: URL_,
    redirects: [],
    status: 200,
    headers,
    setCookies: [],
    remoteAddress: '203.0.113.1',
    bodyText: '<html><body></body></html>',
    bodyBytes: 26,
    bodySha256: '0'.repeat(64),
    truncated: false,
    durationMs: 5,
    certificate: { subject: 'CN=x', issuer: 'CN=ca', subjectAltNames: [], validFrom: '2026-01-01T00:00:00Z', validTo: '2027-01-01T00:00:00.000Z' },
  };
}

/** The cross_origin check of a homepage answering `home`, and the CORS probe answering `probe` (undefined: not made). */
function judged(home: Record<string, string>, probe?: Record<string, string> | ProbeResult) {
  const probes: Partial<Record<ProbeId, { n: number; result: ProbeResult }>> = { https_root: { n: 2, result: answer('https_root', home) } };
  if (probe !== undefined) probes.cors_root = { n: 21, result: 'ok' in probe ? (probe as ProbeResult) : answer('cors_root', probe as Record<string, string>) };
  return webSecurityChecks({ domain: domainName('site.example.com'), probes, now: new Date('2026-11-26T00:00:00Z') }).find((c) => c.id === 'cross_origin')!;
}

const REFLECTED = { 'access-control-allow-origin': CORS_PROBE_ORIGIN, vary: 'Origin' };

describe('the cross-origin check, with a request from an unrelated origin', () => {
  it('fails a homepage that echoes an unrelated origin with credentials allowed, and cites both answers', () => {
    const check = judged({}, { ...REFLECTED, 'access-control-allow-credentials': 'true' });
    expect(check).to.include({ status: 'fail', points: 0 });
    expect(check.evidence).to.deep.equal([2, 21]);
    expect(check.detail).to.match(
      /^Asked from an unrelated origin \(Origin: https:\/\/vetted-origin-probe\.example\), the homepage echoed it in Access-Control-Allow-Origin with Access-Control-Allow-Credentials: true, so any site can read the page with its visitors' cookies/,
    );
    expect(check.detail).to.contain('`Vary: Origin`');
  });

  it('passes an echo without credentials, saying other sites read only what everyone sees', () => {
    for (const credentials of [undefined, 'false', 'TRUE']) {
      // Browsers grant a credentialed read only to exactly `true` (WHATWG Fetch, CORS check).
      const check = judged({}, { ...REFLECTED, ...(credentials === undefined ? {} : { 'access-control-allow-credentials': credentials }) });
      expect(check, String(credentials)).to.include({ status: 'pass', points: 2 });
      expect(check.detail).to.match(/^Echoes any origin \(it echoed https:\/\/vetted-origin-probe\.example\), without credentials/);
    }
  });

  it('passes a server that shares with its own list of origins, which leaves the unrelated one out', () => {
    const check = judged({}, { 'access-control-allow-origin': 'https://partner.example.com', 'access-control-allow-credentials': 'true' });
    expect(check).to.include({ status: 'pass', points: 2 });
    expect(check.detail).to.match(/^Shared with a named origin\./);
    expect(judged({}, {}).detail).to.match(/^No CORS headers\. Cross-Origin-Opener-Policy: absent/);
  });

  it('fails a wildcard with credentials or the null origin in either answer, as before', () => {
    expect(judged({}, { 'access-control-allow-origin': '*', 'access-control-allow-credentials': 'true' })).to.include({ status: 'fail' });
    expect(judged({ 'access-control-allow-origin': '*', 'access-control-allow-credentials': 'true' }, {})).to.include({ status: 'fail' });
    expect(judged({}, { 'access-control-allow-origin': 'null' }).detail).to.match(/^Access-Control-Allow-Origin: null lets sandboxed documents/);
  });

  it('says when the request from another origin got no answer, and judges the homepage alone', () => {
    const failed: ProbeResult = {
      ok: false,
      probe: 'cors_root',
      requestedUrl: URL_,
      failedUrl: URL_,
      redirects: [],
      code: 'TIMEOUT',
      message: 'slow',
      durationMs: 10_000,
    };
    const check = judged({ 'access-control-allow-origin': '*' }, failed);
    expect(check).to.include({ status: 'pass', points: 2 });
    expect(check.evidence).to.deep.equal([2, 21]);
    expect(check.detail).to.match(
      /^Shared with every origin, without credentials\. .* The request from another origin got no answer \([^)]+\), so whether the homepage echoes any origin is not known\.$/,
    );
    expect(judged({}).detail).to.contain('got no answer (not fetched)');
  });
});
