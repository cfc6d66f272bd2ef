import { expect } from 'chai';
import { ScanSite } from '../../../src/application/scan/scan-site.js';
import { domainName } from '../../../src/domain/domain-name.js';
import { CORE_CHECKS, METHODOLOGY_VERSION } from '../../../src/domain/scan/methodology.js';
import { CORS_PROBE_ORIGIN } from '../../../src/domain/scan/probes.js';
import { FakeReportSigner } from '../../fakes/fake-report-signer.js';
import { FakeSiteFetcher } from '../../fakes/fake-site-fetcher.js';
import { FixedClock } from '../../fakes/fixed-clock.js';
import { SystemTimers } from '../../../src/adapters/clock/system-timers.js';
import { SequentialTokens } from '../../fakes/fixed-tokens.js';
import { InMemoryReportRepository } from '../../fakes/in-memory-report-repository.js';
import { goodSiteFiles } from '../../support/good-site.js';
import type { ObserveCounterparty } from '../../../src/application/counterparty/observe-counterparty.js';

// Observed destinations are observe-counterparty's concern: here a scan records none.
const NO_OBSERVED = { run: async () => undefined } as unknown as ObserveCounterparty;

function goodFetcher(domain: string): FakeSiteFetcher {
  const files = goodSiteFiles(domain);
  const fetcher = new FakeSiteFetcher();
  for (const [path, file] of Object.entries(files.https)) fetcher.set(`https://${domain}${path}`, file);
  fetcher.set(`text/markdown https://${domain}/`, files.markdownHome);
  fetcher.set(`http://${domain}/`, { status: 200, body: 'plain' });
  return fetcher;
}

describe('ScanSite', () => {
  let reports: InMemoryReportRepository;
  let clock: FixedClock;
  const scan = (fetcher: FakeSiteFetcher) =>
    new ScanSite(fetcher, reports, new FakeReportSigner(), new SequentialTokens(), clock, new SystemTimers(), NO_OBSERVED);

  beforeEach(() => {
    reports = new InMemoryReportRepository();
    clock = new FixedClock('2026-09-10T00:00:00.000Z');
  });

  it('fetches every probe once, the named sitemap after robots.txt, and stores a signed report', async () => {
    const fetcher = goodFetcher('good.example.com');
    const seen: string[] = [];
    const { report, signature } = await scan(fetcher).run(domainName('Good.Example.com'), { onProbe: (p) => seen.push(p.probe) });
    expect(fetcher.requests.map((r) => r.url)).to.include('https://good.example.com/sitemap-main.xml');
    expect(fetcher.requests.map((r) => r.url)).not.to.include('https://good.example.com/sitemap.xml');
    expect(seen).to.have.length(24);
    expect(report.evidence.map((e) => e.probe)).to.deep.equal([
      'http_root',
      'https_root',
      'markdown_root',
      'robots_txt',
      'sitemap',
      'security_txt',
      'agents_md',
      'llms_txt',
      'mcp_json',
      'mcp_server_card',
      'agent_card',
      'openapi',
      'api_catalog',
      'oauth_protected_resource',
      'oauth_authorization_server',
      'openid_configuration',
      'signatures_directory',
      'agent_skills',
      'ucp_profile',
      'acp_discovery',
      'cors_root',
      'privacy_page',
      'terms_page',
      'contact_page',
    ]);
    expect(report.evidence.map((e) => e.n)).to.deep.equal(Array.from({ length: 24 }, (_, i) => i + 1));
    expect(report).to.deep.include({
      id: 'rpt_tok000000000000000000001',
      domain: 'good.example.com',
      scannedAt: '2026-09-10T00:00:00.000Z',
      methodologyVersion: METHODOLOGY_VERSION,
      reachable: true,
      httpsValid: true,
    });
    expect(signature.keyId).to.equal('fake-key');
    expect(reports.saved).to.have.length(1);
    const homepage = (r: (typeof fetcher.requests)[number]) =>
      r.url === 'https://good.example.com/' && r.headers?.accept !== 'text/markdown' && r.headers?.origin === undefined;
    expect(fetcher.requests.every((r) => r.maxBytes === (homepage(r) ? 1024 * 1024 : 256 * 1024))).to.equal(true);
    // One request, and only one, asks as a page of a foreign origin would: the homepage, otherwise as the browser's request.
    const fromOrigin = fetcher.requests.filter((r) => r.headers?.origin !== undefined);
    expect(fromOrigin.map((r) => [r.url, r.headers])).to.deep.equal([
      ['https://good.example.com/', { accept: fetcher.requests.find(homepage)!.headers!.accept, origin: CORS_PROBE_ORIGIN }],
    ]);
  });

  it('scores a well-formed site 96: every check passes but the HTTP redirect it lacks, every declaration found', async () => {
    const fetcher = goodFetcher('good.example.com');
    const { report } = await scan(fetcher).run(domainName('good.example.com'));
    const byId = Object.fromEntries(report.checks.map((c) => [c.id, c]));
    expect(report.checks.map((c) => c.id)).to.deep.equal(CORE_CHECKS.map((c) => c.id));
    for (const check of report.checks.filter((c) => c.id !== 'http_redirect')) expect(check.status, `${check.id}: ${check.detail}`).to.equal('pass');
    expect(byId.http_redirect!.status).to.equal('fail');
    expect(report.score).to.equal(96);
    expect(report.declarations.map((d) => [d.id, d.status])).to.deep.equal([
      ['agents_md', 'pass'],
      ['llms_txt', 'pass'],
      ['mcp_server_card', 'pass'],
      ['a2a_agent_card', 'pass'],
      ['x402', 'info'],
      ['openapi', 'pass'],
      ['markdown_negotiation', 'pass'],
      ['link_headers', 'pass'],
      ['webmcp', 'pass'],
      ['api_catalog', 'pass'],
      ['oauth_protected_resource', 'pass'],
      ['oauth_authorization_server', 'pass'],
      ['web_bot_auth', 'pass'],
      ['agent_skills', 'pass'],
      ['ucp', 'pass'],
      ['acp', 'pass'],
      ['ap2', 'pass'],
    ]);
    expect(report.site).to.deep.equal({
      untrustedTitle: 'Good Company',
      untrustedDescription: 'We sell good things.',
      untrustedLanguage: 'en',
      untrustedOrganizationName: 'Good Company',
    });
    expect(byId.hsts!.evidence).to.deep.equal([2]);
    expect(byId.sitemap!.evidence).to.deep.equal([4, 5]);
    expect(byId.contact_legal!.evidence).to.deep.equal([2, 22, 23, 24]);
    expect(byId.cross_origin!.evidence).to.deep.equal([2, 21]);
  });

  it('fetches one legal page once when privacy and terms share it, after the homepage, and nothing on another host', async () => {
    const fetcher = goodFetcher('good.example.com');
    const files = goodSiteFiles('good.example.com');
    const home = files.https['/']!;
    fetcher.set('https://good.example.com/', {
      ...home,
      body: home.body.replace('href="/terms"', 'href="/privacy#terms"').replace('href="/contact"', 'href="https://help.example.net/contact"'),
    });
    const { report } = await scan(fetcher).run(domainName('good.example.com'));
    const pageFetches = fetcher.requests.filter((r) => /privacy|terms|contact/.test(r.url)).map((r) => r.url);
    expect(pageFetches).to.deep.equal(['https://good.example.com/privacy']);
    expect(report.evidence.slice(-2).map((e) => [e.probe, e.requestedUrl])).to.deep.equal([
      ['privacy_page', 'https://good.example.com/privacy'],
      ['terms_page', 'https://good.example.com/privacy'],
    ]);
    const legal = report.checks.find((c) => c.id === 'contact_legal')!;
    expect(legal).to.include({ status: 'warn', points: 3 });
  });

  it('stores a report for an unreachable site: not judged, one finding naming why, every failure as evidence', async () => {
    const down = new FakeSiteFetcher();
    (down as unknown as { fetch: FakeSiteFetcher['fetch'] }).fetch = async (request) => {
      down.requests.push(request);
      return {
        ok: false,
        failure: { requestedUrl: request.url, failedUrl: request.url, redirects: [], code: 'DNS_FAILURE', message: 'no such name', durationMs: 1 },
      };
    };
    const { report } = await scan(down).run(domainName('gone.example.com'));
    expect(report).to.deep.include({ reachable: false, unreachable: 'the name does not resolve', declarations: [] });
    expect(report.checks.map((c) => [c.id, c.status, c.points, c.max])).to.deep.equal([['site_reachable', 'error', 0, 0]]);
    expect(report.evidence.length).to.equal(down.requests.length);
    expect(report.evidence.every((e) => e.error?.code === 'DNS_FAILURE')).to.equal(true);
    expect(reports.saved).to.have.length(1);
  });

  it('fails the certificate and readiness inputs on a TLS error, and never fetches a sitemap on another host', async () => {
    const fetcher = goodFetcher('tls.example.com');
    fetcher.set('https://tls.example.com/', { error: { code: 'TLS_ERROR', message: 'CERT_HAS_EXPIRED: certificate has expired for <script>' } });
    fetcher.set('https://tls.example.com/robots.txt', { body: 'User-agent: *\nDisallow: /\nSitemap: https://elsewhere.example.net/sitemap.xml\n' });
    const { report } = await scan(fetcher).run(domainName('tls.example.com'));
    const tls = report.checks.find((c) => c.id === 'tls_certificate')!;
    expect(tls.status).to.equal('fail');
    expect(tls.detail).to.equal('Certificate verification failed: the certificate has expired (CERT_HAS_EXPIRED).');
    expect(report.httpsValid).to.equal(false);
    expect(fetcher.requests.map((r) => r.url)).to.include('https://tls.example.com/sitemap.xml');
    expect(fetcher.requests.some((r) => r.url.includes('elsewhere'))).to.equal(false);
    expect(report.checks.find((c) => c.id === 'ai_agent_access')!.status).to.equal('fail');
  });
});
