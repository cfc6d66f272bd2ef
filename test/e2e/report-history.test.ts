import { expect } from 'chai';
import { KnexReportRepository } from '../../src/adapters/persistence/knex-report-repository.js';
import { domainName } from '../../src/domain/domain-name.js';
import { METHODOLOGY_VERSION } from '../../src/domain/scan/methodology.js';
import { aReport } from '../support/hostile-report.js';
import { databaseKinds } from '../support/test-databases.js';
import { startTestService, type TestService } from '../support/test-service.js';

const signature = { contentSha256: 'a'.repeat(64), algorithm: 'Ed25519' as const, keyId: 'test-key', value: 'c2ln' };
const BASE = 'https://vetted.example.org';

for (const kind of databaseKinds()) {
  describe(`report history and comparisons (${kind.name})`, () => {
    let t: TestService;
    const ids = ['rpt_historyexample000001', 'rpt_historyexample000002', 'rpt_historyexample000003'];

    before(async () => {
      t = await startTestService(kind, { BASE_URL: BASE });
      const reports = new KnexReportRepository(t.database.db);
      const base = aReport({ domain: domainName('history.example.com'), methodologyVersion: METHODOLOGY_VERSION });
      const robotsFixed = base.checks.map((c) => (c.id === 'robots_txt' ? { ...c, status: 'pass' as const, points: 7 } : c));
      await reports.save({ report: { ...base, id: ids[0]!, scannedAt: '2026-11-01T10:00:00.000Z', score: 25 }, signature });
      await reports.save({ report: { ...base, id: ids[1]!, scannedAt: '2026-11-10T10:00:00.000Z', score: 32, checks: robotsFixed }, signature });
      await reports.save({ report: { ...base, id: ids[2]!, scannedAt: '2026-11-20T10:00:00.000Z', score: 32, checks: robotsFixed }, signature });
      await reports.save({
        report: { ...base, id: 'rpt_otherdomainexample01', domain: domainName('other.example.com'), scannedAt: '2026-11-20T10:00:00.000Z' },
        signature,
      });
    });
    after(() => t.stop());

    const json = async (path: string) => {
      const res = await t.get(path, { headers: { accept: 'application/json' } });
      return { status: res.status, body: (await res.json()) as any, headers: res.headers };
    };

    it('lists the reports of a domain newest first, each with what changed since the previous one', async () => {
      const { status, body, headers } = await json('/reports?domain=history.example.com');
      expect(status).to.equal(200);
      expect(headers.get('cache-control')).to.equal('public, max-age=60');
      expect(body.data.reports.map((r: any) => r.report_id)).to.deep.equal([...ids].reverse());
      const [newest, middle, oldest] = body.data.reports;
      expect(newest.change_since_previous).to.include({ score_delta: 0 });
      expect(newest.change_since_previous.checks).to.deep.equal([]);
      expect(middle.change_since_previous).to.include({ score_delta: 7 });
      expect(middle.change_since_previous.checks).to.deep.equal([{ id: 'robots_txt', title: 'robots.txt parseable', from: 'fail', to: 'pass' }]);
      expect(middle.change_since_previous.diff_url).to.equal(`${BASE}/reports/${ids[0]}/diff/${ids[1]}`);
      expect(oldest.change_since_previous).to.equal(null);
      expect(newest.links.html).to.equal(`${BASE}/reports/${ids[2]}`);
      expect(body.data.next_url).to.equal(null);
    });

    it('pages with a cursor, and still says what changed across the page boundary', async () => {
      const first = await json('/reports?domain=history.example.com&limit=2');
      expect(first.body.data.reports.map((r: any) => r.report_id)).to.deep.equal([ids[2], ids[1]]);
      expect(first.body.data.reports[1].change_since_previous.score_delta).to.equal(7);
      const next = new URL(first.body.data.next_url);
      const second = await json(`${next.pathname}${next.search}`);
      expect(second.body.data.reports.map((r: any) => r.report_id)).to.deep.equal([ids[0]]);
      expect(second.body.data.next_url).to.equal(null);
    });

    it('serves the same history as HTML and Markdown, with absolute links', async () => {
      const html = await (await t.get('/reports?domain=history.example.com')).text();
      expect(html).to.include(`<a href="${BASE}/reports/${ids[1]}">`);
      expect(html).to.include('robots.txt parseable: fail to pass');
      const md = await (await t.get('/reports?domain=history.example.com', { headers: { accept: 'text/markdown' } })).text();
      expect(md).to.include(`<${BASE}/reports/${ids[1]}.md>`);
      expect(await (await t.get('/reports?domain=never.example.com')).text()).to.include('has never been scanned');
    });

    it('compares any two reports of one domain, older first whichever way asked', async () => {
      for (const path of [`/reports/${ids[0]}/diff/${ids[2]}`, `/reports/${ids[2]}/diff/${ids[0]}`]) {
        const { status, body } = await json(path);
        expect(status).to.equal(200);
        expect(body.data.from.report_id).to.equal(ids[0]);
        expect(body.data.to.report_id).to.equal(ids[2]);
        expect(body.data.score_delta).to.equal(7);
      }
      const page = await (await t.get(`/reports/${ids[0]}/diff/${ids[2]}`)).text();
      expect(page).to.include('<h1>What changed</h1>');
    });

    it('says on each report page what changed since the previous report, and links the comparison and the history', async () => {
      const html = await (await t.get(`/reports/${ids[1]}`)).text();
      expect(html).to.include('score +7; robots.txt parseable: fail to pass');
      expect(html).to.include(`<a href="${BASE}/reports/${ids[0]}/diff/${ids[1]}">compare</a>`);
      expect(html).to.include(`<a href="${BASE}/reports?domain=history.example.com">history</a>`);
      expect(await (await t.get(`/reports/${ids[0]}.md`)).text()).to.include('first report of this domain');
    });

    it('refuses bad input in the envelope', async () => {
      expect((await json('/reports')).body.error.code).to.equal('VALIDATION_ERROR');
      expect((await json('/reports?domain=history.example.com&cursor=bogus')).body.error.code).to.equal('VALIDATION_ERROR');
      expect((await json('/reports?domain=history.example.com&limit=0')).body.error.code).to.equal('VALIDATION_ERROR');
      expect((await json(`/reports/${ids[0]}/diff/rpt_otherdomainexample01`)).body.error.message).to.include('different domains');
      expect((await json(`/reports/${ids[0]}/diff/rpt_nosuchreport0000000`)).status).to.equal(404);
    });
  });
}
