import { DEFAULT_JOB_TIMINGS } from '../../src/application/jobs/job-timings.js';
import { expect } from 'chai';
import { CORE_CHECKS } from '../../src/domain/scan/methodology.js';
import { startDnsServer, type TestDnsServer } from '../support/dns-server.js';
import { startFixtureSite, type FixtureSite } from '../support/fixture-site.js';
import { GOOD_SITE_PROBE_COUNT, goodSiteFiles } from '../support/good-site.js';
import { OpenApiCheck } from '../support/openapi-check.js';
import { createTestCa } from '../support/test-ca.js';
import { databaseKinds } from '../support/test-databases.js';
import { startTestService, type TestService } from '../support/test-service.js';

/** Polls GET /api/scans/{id} until `done(state)`; every answer seen, oldest first. */
async function pollScan(t: TestService, statusPath: string, done: (data: any) => boolean): Promise<any[]> {
  const seen: any[] = [];
  for (let i = 0; i < 300; i++) {
    const res = await t.get(statusPath);
    expect(res.status).to.equal(200);
    expect(res.headers.get('cache-control')).to.equal('no-store');
    const data = ((await res.json()) as any).data;
    seen.push(data);
    if (done(data)) return seen;
    await new Promise((r) => setTimeout(r, 50));
  }
  return expect.fail(`the scan did not end: ${JSON.stringify(seen.at(-1))}`);
}

for (const kind of databaseKinds()) {
  describe(`scans through the job queue (${kind.name})`, function () {
    this.timeout(60_000);
    let site: FixtureSite;
    let dns: TestDnsServer;
    let t: TestService;

    before(async () => {
      const ca = await createTestCa();
      site = await startFixtureSite({ tls: await ca.issue(['good.example.com', 'slow.example.com']) });
      for (const domain of ['good.example.com', 'slow.example.com']) {
        for (const [path, file] of Object.entries(goodSiteFiles(domain).https)) site.route(`${domain}${path}`, file);
      }
      // One slow resource keeps the scan running while the other probes finish.
      site.route('slow.example.com/llms.txt', { delayMs: 2500, body: '# Slow\n' });
      dns = await startDnsServer({ 'good.example.com': { A: ['127.0.0.1'] }, 'slow.example.com': { A: ['127.0.0.1'] } });
      t = await startTestService(
        kind,
        { DNS_SERVERS: dns.address, SCAN_ALLOWED_NETWORKS: '127.0.0.1/32', BASE_URL: 'https://vetted.example.org' },
        // The progress page shows the scan at once instead of waiting for its end (25 s by default).
        { fetcher: { ca: [ca.cert], portMap: site.portMap, resourceTimeoutMs: 5000 }, jobTimings: { ...DEFAULT_JOB_TIMINGS, progressPageWaitMs: 0 } },
      );
    });
    after(async () => {
      await t?.stop();
      await site?.close();
      await dns?.close();
    });

    it('answers Prefer: respond-async with 202 and a status URL that ends with the report', async () => {
      const res = await t.get('/api/scan', {
        method: 'POST',
        headers: { 'content-type': 'application/json', prefer: 'respond-async' },
        body: '{"domain":"good.example.com"}',
      });
      expect(res.status).to.equal(202);
      expect(res.headers.get('preference-applied')).to.equal('respond-async');
      const openApi = await OpenApiCheck.of((path) => t.get(path));
      const body = ((await openApi.expectDeclared(res, '/api/scan', 'post', 202)) as any).data;
      expect(body.scan_id).to.match(/^scn_/);
      expect(['queued', 'running']).to.include(body.state);
      expect(res.headers.get('location')).to.equal(`https://vetted.example.org/api/scans/${body.scan_id}`);
      expect(body.progress_url).to.equal(`https://vetted.example.org/scans/${body.scan_id}`);
      const seen = await pollScan(t, `/api/scans/${body.scan_id}`, (d) => d.state === 'done' || d.state === 'failed');
      const last = seen.at(-1);
      expect(last.state).to.equal('done');
      expect(last.probes_done).to.have.length(GOOD_SITE_PROBE_COUNT);
      expect(last.error).to.equal(null);
      expect(last.report.report_id).to.match(/^rpt_/);
      // Every check passes but the HTTP redirect: the fixture serves no plain-HTTP homepage.
      expect(last.report.score).to.equal(100 - CORE_CHECKS.find((c) => c.id === 'http_redirect')!.max);
      expect((await t.get(`/reports/${last.report.report_id}.json`)).status).to.equal(200);
      // The job's answers, running and done, as /openapi.json declares them.
      for (const data of [seen[0], last])
        openApi.expectMatches({ success: true, data }, openApi.doc.paths['/api/scans/{id}'].get.responses['200'].content['application/json'].schema);
    });

    it('shows each probe as it finishes while the scan runs, on the status URL and the progress page', async () => {
      const res = await t.get('/api/scan', {
        method: 'POST',
        headers: { 'content-type': 'application/json', prefer: 'respond-async' },
        body: '{"domain":"slow.example.com"}',
      });
      const { scan_id: scanId } = ((await res.json()) as any).data;
      const seen = await pollScan(t, `/api/scans/${scanId}`, (d) => d.state === 'running' && d.probes_done.length >= 5);
      const running = seen.at(-1);
      expect(running.probes_done.length).to.be.within(5, GOOD_SITE_PROBE_COUNT - 1);
      expect(running.report).to.equal(null);
      const page = await t.get(`/scans/${scanId}`, { redirect: 'manual' });
      expect(page.status).to.equal(200);
      expect(page.headers.get('content-security-policy')).to.contain("default-src 'none'");
      const html = await page.text();
      // It never reloads itself (WCAG 2.2.1): a person follows "Check again".
      expect(html).not.to.contain('http-equiv="refresh"');
      expect(html).to.contain(`<a href="/scans/${scanId}">Check again</a>`);
      expect(html).to.contain('<code>https_root</code>');
      const ended = await pollScan(t, `/api/scans/${scanId}`, (d) => d.state === 'done');
      expect(ended.at(-1).probes_done).to.have.length(GOOD_SITE_PROBE_COUNT);
      const after = await t.get(`/scans/${scanId}`, { redirect: 'manual' });
      expect(after.status).to.equal(303);
      expect(after.headers.get('location')).to.equal(`/reports/${ended.at(-1).report.report_id}`);
    });

    it('keeps the synchronous answer: 201 with the report when the scan ends within its deadline', async () => {
      const res = await t.get('/api/scan', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"domain":"good.example.com"}' });
      expect(res.status).to.equal(201);
      expect(((await res.json()) as any).data.report_id).to.match(/^rpt_/);
    });

    it('404s unknown and malformed scan ids in the envelope and on the page', async () => {
      for (const path of ['/api/scans/scn_AAAAAAAAAAAAAAAAAAAAAA', '/api/scans/..%2Fetc', '/scans/scn_AAAAAAAAAAAAAAAAAAAAAA']) {
        const res = await t.get(path);
        expect(res.status, path).to.equal(404);
      }
      expect(((await (await t.get('/api/scans/nope')).json()) as any).error.code).to.equal('NOT_FOUND');
      expect((await t.get('/scans/nope')).headers.get('content-type')).to.contain('text/html');
    });
  });
}
