import { expect } from 'chai';
import { domainName } from '../../../../src/domain/domain-name.js';
import { judgeSite } from '../../../../src/domain/scan/judge/judge-site.js';
import { unreachableReason } from '../../../../src/domain/scan/judge/reachability.js';
import type { ProbeError, ProbeId, ProbeResponse, ProbeResult } from '../../../../src/domain/scan/probes.js';
import { judgeReadiness } from '../../../../src/domain/scan/readiness.js';
import { judgedScore, summarizeReport } from '../../../../src/domain/scan/report.js';

const NOW = new Date('2026-12-01T00:00:00.000Z');
const DOMAIN = domainName('gone.example.com');
const PATHS: Array<[ProbeId, string]> = [
  ['http_root', 'http://gone.example.com/'],
  ['https_root', 'https://gone.example.com/'],
  ['robots_txt', 'https://gone.example.com/robots.txt'],
];

function failed(code: ProbeError['code'], message: string, [probe, url]: [ProbeId, string]): ProbeError {
  return { ok: false, probe, requestedUrl: url, failedUrl: url, redirects: [], code, message, durationMs: 3 };
}
const refused = (at: [ProbeId, string]) => failed('CONNECT_FAILED', `ECONNREFUSED: connect ECONNREFUSED 127.0.0.1:${at[1].startsWith('https') ? 443 : 80}`, at);
const everyProbe = (make: (at: [ProbeId, string]) => ProbeResult) => PATHS.map(make);

function answered(probe: ProbeId, url: string): ProbeResponse {
  return {
    ok: true,
    probe,
    requestedUrl: url,
    finalUrl: url,
    redirects: [],
    status: 503,
    headers: {},
    setCookies: [],
    remoteAddress: '203.0.113.1',
    bodyText: '',
    bodyBytes: 0,
    bodySha256: '0'.repeat(64),
    truncated: false,
    durationMs: 5,
    certificate: null,
  };
}

describe('a site no probe reached', () => {
  it('names why: the name, or each way of failing with its ports, HTTPS first', () => {
    expect(unreachableReason(everyProbe((at) => failed('DNS_FAILURE', 'gone.example.com has no A or AAAA record', at)))).to.equal('the name does not resolve');
    expect(unreachableReason(everyProbe(refused))).to.equal('connection refused on 443 and 80');
    expect(unreachableReason(everyProbe((at) => failed('TIMEOUT', 'connect timeout after 5000 ms', at)))).to.equal('no answer in time on 443 and 80');
    const mixed = [
      refused(PATHS[0]!),
      failed('TIMEOUT', 'no complete response within 10000 ms', PATHS[1]!),
      failed('CONNECT_FAILED', 'EHOSTUNREACH: connect EHOSTUNREACH', PATHS[2]!),
    ];
    expect(unreachableReason(mixed)).to.equal('connection refused on 80, no answer in time on 443, no connection on 443');
    const flaky = [failed('DNS_FAILURE', 'SERVFAIL', PATHS[0]!), refused(PATHS[1]!)];
    expect(unreachableReason(flaky)).to.equal('the name did not always resolve, connection refused on 443');
  });

  it('is reached when any probe answered, redirected, or failed another way', () => {
    expect(unreachableReason([...everyProbe(refused).slice(1), answered('http_root', 'http://gone.example.com/')])).to.equal(undefined);
    expect(
      unreachableReason([{ ...refused(PATHS[1]!), redirects: [{ url: 'https://gone.example.com/', status: 301, location: 'https://www.gone.example.com/' }] }]),
    ).to.equal(undefined);
    expect(unreachableReason([refused(PATHS[0]!), failed('TLS_ERROR', 'CERT_HAS_EXPIRED: certificate has expired', PATHS[1]!)])).to.equal(undefined);
    expect(unreachableReason(everyProbe((at) => failed('BLOCKED_ADDRESS', 'resolves to 10.0.0.1, which is not allowed', at)))).to.equal(undefined);
    expect(unreachableReason([])).to.equal(undefined);
  });

  it('gets a report with one finding, no declarations, no fix, no score, and readiness unknown saying why', () => {
    const report = judgeSite(
      'rpt_gone',
      DOMAIN,
      everyProbe((at) => failed('DNS_FAILURE', 'gone.example.com has no A or AAAA record', at)),
      NOW,
    );
    expect(report).to.deep.include({ reachable: false, httpsValid: false, score: 0, unreachable: 'the name does not resolve', declarations: [] });
    expect(report.checks).to.deep.equal([
      {
        id: 'site_reachable',
        category: 'transport',
        title: 'Site reachable',
        status: 'error',
        points: 0,
        max: 0,
        detail: 'The site could not be reached: the name does not resolve. No check was judged and no score given; a scan once the site answers judges it.',
        standard: 'RFC 9110 (HTTP semantics)',
        evidence: [1, 2, 3],
      },
    ]);
    expect(report.evidence.map((e) => e.error?.code)).to.deep.equal(['DNS_FAILURE', 'DNS_FAILURE', 'DNS_FAILURE']);
    expect(judgedScore(report)).to.equal(null);
    const readiness = judgeReadiness(summarizeReport(report), NOW);
    expect(readiness).to.deep.include({ value: 'unknown', score: null, reasons: ['the site could not be reached: the name does not resolve'] });
  });

  it('leaves a reached site judged by every check, with its score', () => {
    const report = judgeSite('rpt_up', DOMAIN, [answered('https_root', 'https://gone.example.com/'), refused(PATHS[0]!)], NOW);
    expect(report.unreachable).to.equal(undefined);
    expect(report.checks.length).to.be.above(10);
    expect(judgedScore(report)).to.equal(report.score);
  });
});
