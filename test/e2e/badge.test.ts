import { expect } from 'chai';
import { DomUtils, parseDocument } from 'htmlparser2';
import { KnexBlocklist } from '../../src/adapters/persistence/knex-blocklist.js';
import { KnexReportRepository } from '../../src/adapters/persistence/knex-report-repository.js';
import { domainName } from '../../src/domain/domain-name.js';
import { METHODOLOGY_VERSION } from '../../src/domain/scan/methodology.js';
import { aBlock } from '../support/builders.js';
import { aReport, HOSTILE_TEXT } from '../support/hostile-report.js';
import { databaseKinds } from '../support/test-databases.js';
import { startTestService, type TestService } from '../support/test-service.js';

const signature = { contentSha256: 'a'.repeat(64), algorithm: 'Ed25519' as const, keyId: 'test-key', value: 'c2ln' };

describe('GET /badge/{domain}.svg', () => {
  let t: TestService;

  before(async () => {
    t = await startTestService(databaseKinds()[0]!);
    const reports = new KnexReportRepository(t.database.db);
    const site = {
      untrustedTitle: HOSTILE_TEXT,
      untrustedDescription: HOSTILE_TEXT,
      untrustedLanguage: 'en',
      untrustedOrganizationName: '<script>alert(1)</script>',
    };
    const scannedAt = new Date(Date.now() - 3600_000).toISOString();
    await reports.save({
      report: aReport({
        id: 'rpt_badgereadyexample0001',
        domain: domainName('ready.example.com'),
        score: 92,
        scannedAt,
        methodologyVersion: METHODOLOGY_VERSION,
        site,
      }),
      signature,
    });
    await reports.save({
      report: aReport({
        id: 'rpt_badgelimitedexample01',
        domain: domainName('limited.example.com'),
        score: 40,
        scannedAt,
        methodologyVersion: METHODOLOGY_VERSION,
        site,
      }),
      signature,
    });
    await reports.save({
      report: aReport({
        id: 'rpt_badgeunreachable00001',
        domain: domainName('down.example.com'),
        score: 0,
        reachable: false,
        scannedAt,
        methodologyVersion: METHODOLOGY_VERSION,
        site,
      }),
      signature,
    });
    await new KnexBlocklist(t.database.db).add([aBlock('blocked.example.com', 'phishing kit')]);
    await t.propagated();
  });
  after(() => t.stop());

  async function badge(domain: string): Promise<{ res: Response; svg: string; title: string; texts: string[] }> {
    const res = await t.get(`/badge/${domain}.svg`);
    const svg = await res.text();
    const doc = parseDocument(svg, { xmlMode: true });
    const title = DomUtils.textContent(DomUtils.findOne((e) => e.name === 'title', doc.children)!);
    const texts = DomUtils.findAll((e) => e.name === 'text', doc.children).map((e) => DomUtils.textContent(e));
    return { res, svg, title, texts };
  }

  it('shows the readiness and score of the latest report, with an accessible name', async () => {
    const ready = await badge('ready.example.com');
    expect(ready.res.status).to.equal(200);
    expect(ready.res.headers.get('content-type')).to.equal('image/svg+xml; charset=utf-8');
    expect(ready.svg).to.match(/^<svg [^>]*role="img" aria-label="Vetted: ready\.example\.com is ready, score 92 of 100/);
    expect(ready.texts).to.deep.equal(['vetted', 'ready 92']);
    expect(ready.title).to.match(/^Vetted: ready\.example\.com is ready, score 92 of 100, scanned /);
    expect((await badge('limited.example.com')).texts).to.deep.equal(['vetted', 'limited 40']);
    expect((await badge('never.example.com')).texts).to.deep.equal(['vetted', 'not yet observed']);
    expect((await badge('never.example.com')).title).to.equal('Vetted: never.example.com has not been observed yet');
    // A scan that reached nothing is not a score of 0: the badge says nothing was observed.
    const down = await badge('down.example.com');
    expect(down.texts).to.deep.equal(['vetted', 'nothing observed']);
    expect(down.title).to.match(/^Vetted: nothing is observed of down\.example\.com now: the site could not be reached, scanned /);
    expect((await badge('blocked.example.com')).texts).to.deep.equal(['vetted', 'blocked']);
  });

  it('is cached as long as the verify answer, and carries no text or markup the site chose', async () => {
    for (const domain of ['ready.example.com', 'never.example.com']) {
      const { res, svg } = await badge(domain);
      expect(res.headers.get('cache-control')).to.equal((await t.get(`/verify/${domain}`)).headers.get('cache-control'));
      expect(res.headers.get('content-security-policy')).to.include("default-src 'none'");
      expect(svg).to.not.include('script').and.not.include('Ignore previous').and.not.include(HOSTILE_TEXT.slice(0, 20));
    }
  });

  it('refuses a malformed domain in the envelope, and anything but .svg with 404', async () => {
    const bad = await t.get('/badge/127.0.0.1.svg');
    expect(bad.status).to.equal(400);
    expect(((await bad.json()) as { error: { code: string } }).error.code).to.equal('VALIDATION_ERROR');
    expect((await t.get('/badge/example.com.png')).status).to.equal(404);
  });
});
