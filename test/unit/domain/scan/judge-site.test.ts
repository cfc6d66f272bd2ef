import { expect } from 'chai';
import { domainName } from '../../../../src/domain/domain-name.js';
import { judgeSite, scopeOf } from '../../../../src/domain/scan/judge/judge-site.js';
import { CORE_CHECKS } from '../../../../src/domain/scan/methodology.js';
import type { ProbeError, ProbeId, ProbeResponse, ProbeResult } from '../../../../src/domain/scan/probes.js';

const NOW = new Date('2026-09-10T00:00:00.000Z');
const DOMAIN = domainName('site.example.com');

function response(probe: ProbeId, overrides: Partial<ProbeResponse> = {}): ProbeResponse {
  const url = probe === 'http_root' ? 'http://site.example.com/' : 'https://site.example.com/';
  return {
    ok: true,
    probe,
    requestedUrl: url,
    finalUrl: url,
    redirects: [],
    status: 200,
    headers: {},
    setCookies: [],
    remoteAddress: '203.0.113.1',
    bodyText: '',
    bodyBytes: 0,
    bodySha256: '0'.repeat(64),
    truncated: false,
    durationMs: 5,
    certificate: url.startsWith('https')
      ? { subject: 'CN=x', issuer: 'CN=ca', subjectAltNames: [], validFrom: '2026-01-01T00:00:00Z', validTo: '2027-01-01T00:00:00.000Z' }
      : null,
    ...overrides,
  };
}

function check(probes: ProbeResult[], id: string) {
  return judgeSite('rpt_x', DOMAIN, probes, NOW).checks.find((c) => c.id === id)!;
}

describe('the methodology', () => {
  it('has core weights that sum to 100 and unique ids', () => {
    expect(CORE_CHECKS.reduce((s, c) => s + c.max, 0)).to.equal(100);
    expect(new Set(CORE_CHECKS.map((c) => c.id)).size).to.equal(CORE_CHECKS.length);
  });

  it('warns about a certificate under 14 days from expiry', () => {
    const cert = (validTo: string) =>
      check(
        [response('https_root', { certificate: { subject: '', issuer: '', subjectAltNames: [], validFrom: '2026-01-01T00:00:00Z', validTo } })],
        'tls_certificate',
      );
    expect(cert('2026-09-24T00:00:00.000Z')).to.include({ status: 'pass', points: 10 });
    expect(cert('2026-09-23T23:59:59.000Z')).to.include({ status: 'warn', points: 5 });
    const failed: ProbeResult = {
      ok: false,
      probe: 'https_root',
      requestedUrl: 'https://site.example.com/',
      failedUrl: 'https://site.example.com/',
      redirects: [],
      code: 'TLS_ERROR',
      message: 'ERR_TLS_CERT_ALTNAME_INVALID: Host: evil <b>',
      durationMs: 1,
    };
    expect(check([failed], 'tls_certificate')).to.include({
      status: 'fail',
      detail: 'Certificate verification failed: the certificate does not name this host (ERR_TLS_CERT_ALTNAME_INVALID).',
    });
  });

  it('reads robots.txt as RFC 9309 says: 4xx allows everything, 5xx and failures disallow everything', () => {
    const robots = (r: Partial<ProbeResponse>) => [response('robots_txt', { requestedUrl: 'https://site.example.com/robots.txt', ...r })];
    expect(check(robots({ status: 404 }), 'robots_txt')).to.include({ status: 'warn', points: 3 });
    expect(check(robots({ status: 404 }), 'ai_agent_access')).to.include({ status: 'pass', points: 3 });
    expect(check(robots({ status: 503 }), 'robots_txt')).to.include({ status: 'fail', points: 0 });
    expect(check(robots({ status: 503 }), 'ai_agent_access')).to.include({ status: 'fail', points: 0 });
    expect(check(robots({ bodyText: '<!DOCTYPE html><html><body>Not found</body></html>' }), 'robots_txt')).to.include({ status: 'fail' });
    expect(check(robots({ bodyText: 'User-agent: *\nAllow: /\n' }), 'robots_txt')).to.include({ status: 'pass', points: 6 });
    expect(check(robots({ bodyText: 'User-agent: GPTBot\nDisallow: /\n\nUser-agent: *\nAllow: /\n' }), 'ai_agent_access')).to.include({
      status: 'warn',
      points: 1,
    });
    expect(check(robots({ bodyText: 'User-agent: *\nDisallow: /\n' }), 'ai_agent_access')).to.include({ status: 'fail', points: 0 });
  });

  it('passes the HTTP redirect only for a first hop to https on the same host', () => {
    const http = (location: string, finalUrl: string) =>
      check([response('http_root', { redirects: [{ url: 'http://site.example.com/', status: 301, location }], finalUrl })], 'http_redirect');
    expect(http('https://site.example.com/', 'https://site.example.com/')).to.include({ status: 'pass', points: 4 });
    expect(http('http://www.site.example.com/', 'https://www.site.example.com/')).to.include({ status: 'warn', points: 2 });
    expect(check([response('http_root')], 'http_redirect')).to.include({ status: 'fail', points: 0 });
  });

  it('never lets a declaration change the score', () => {
    const base = [response('https_root'), response('http_root')];
    const declared = [
      ...base,
      response('llms_txt', { requestedUrl: 'https://site.example.com/llms.txt', bodyText: '# Site\n## Docs\n- [Home](https://site.example.com/)\n' }),
    ];
    const a = judgeSite('rpt_a', DOMAIN, base, NOW);
    const b = judgeSite('rpt_b', DOMAIN, declared, NOW);
    expect(b.score).to.equal(a.score);
    expect(b.declarations.find((d) => d.id === 'llms_txt')!.status).to.equal('pass');
    expect(b.declarations.every((d) => d.points === 0 && d.max === 0)).to.equal(true);
  });
});

describe('the scope of a scan', () => {
  const refused = ([probe, url]: [ProbeId, string]): ProbeError => ({
    ok: false,
    probe,
    requestedUrl: url,
    failedUrl: url,
    redirects: [],
    code: 'CONNECT_FAILED',
    message: 'ECONNREFUSED: connect ECONNREFUSED',
    durationMs: 3,
  });
  const PATHS: Array<[ProbeId, string]> = [
    ['http_root', 'http://gone.example.com/'],
    ['https_root', 'https://gone.example.com/'],
    ['robots_txt', 'https://gone.example.com/robots.txt'],
  ];

  it('holds paths on the origin and whole URLs elsewhere, never a scheme joined to a path', () => {
    const probes = [
      refused(PATHS[0]!),
      refused(PATHS[1]!),
      refused(PATHS[2]!),
      refused(['privacy_page', 'https://gone.example.com/legal?page=privacy']),
      refused(['terms_page', 'http://gone.example.com/terms']),
      refused(['contact_page', 'https://www.gone.example.com/contact']),
      refused(['cors_root', 'https://gone.example.com/']),
    ];
    const { origin, paths } = scopeOf(domainName('gone.example.com'), probes);
    expect(origin).to.equal('https://gone.example.com');
    expect(paths).to.deep.equal([
      'http://gone.example.com/',
      '/',
      '/robots.txt',
      '/legal?page=privacy',
      'http://gone.example.com/terms',
      'https://www.gone.example.com/contact',
    ]);
    for (const path of paths) expect(new URL(path, `${origin}/`).href, path).to.match(/^https?:\/\/[a-z.]+\//);
    expect(paths).to.not.include('http:/');
  });
});
