import { expect } from 'chai';
import type { Browser, Page } from 'playwright-core';
import { DEFAULT_JOB_TIMINGS } from '../../src/application/jobs/job-timings.js';
import { KnexBlocklist } from '../../src/adapters/persistence/knex-blocklist.js';
import { KnexEntityRepository } from '../../src/adapters/persistence/knex-entity-repository.js';
import type { DomainName } from '../../src/domain/domain-name.js';
import { chromiumPath, launchBrowser } from '../support/browser.js';
import { aNewEntity } from '../support/builders.js';
import type { TestDnsServer } from '../support/dns-server.js';
import { startFixtureSite, type FixtureSite } from '../support/fixture-site.js';
import { goodHomepageHandler, goodSiteFiles } from '../support/good-site.js';
import { urlProblems } from '../support/page-audit.js';
import { createTestCa } from '../support/test-ca.js';
import type { TestService } from '../support/test-service.js';
import { startScanningService } from '../support/scanning-service.js';
import { waitUntil } from '../support/wait-until.js';

// The verdict and entity pages as the person an agent's guidance sends to decide uses them, in
// Debian's chromium: checking a domain from the home page, reviewing a flagged lookalike, scanning
// again (until the budget says when it is possible again), and every page accessible, in light and
// dark, from 360 to 1440 pixels, by keyboard alone.
describe('the verdict pages in a real browser (chromium)', function () {
  this.timeout(120_000);
  const executable = chromiumPath();
  let browser: Browser;
  let site: FixtureSite;
  let dns: TestDnsServer;
  let t: TestService;
  let entityId: string;

  before(async function () {
    if (!executable) return this.skip();
    const ca = await createTestCa();
    site = await startFixtureSite({ tls: await ca.issue(['good.example.com', 'slow.example.com']) });
    site.route('good.example.com/', { handler: goodHomepageHandler('good.example.com') });
    for (const [path, file] of Object.entries(goodSiteFiles('good.example.com').https)) if (path !== '/') site.route(`good.example.com${path}`, file);
    // A site that answers its home page slowly: its scans show the progress page for a while.
    site.route('slow.example.com/', {
      delayMs: 2500,
      headers: { 'content-type': 'text/html' },
      body: '<html lang="en"><head><title>Slow</title></head><body>Slow</body></html>',
    });
    // The progress page waits 300 ms for a scan instead of 25 s, so that a person sees it here.
    ({ t, dns } = await startScanningService(
      ['good.example.com', 'slow.example.com'],
      ca,
      site,
      { SCAN_LIMIT_PER_DOMAIN_HOUR: '2' },
      { jobTimings: { ...DEFAULT_JOB_TIMINGS, progressPageWaitMs: 300 } },
    ));
    const entity = await new KnexEntityRepository(t.database.db).create(
      aNewEntity({ name: 'Acme Widgets', domain: 'acme.example.com', expiresAt: '2099-01-01T00:00:00.000Z' }),
    );
    entityId = entity.id;
    await new KnexBlocklist(t.database.db).add([
      { domain: 'scam.example.net' as DomainName, reason: 'phishing kit reported twice', blockedAt: new Date().toISOString() },
    ]);
    browser = await launchBrowser(executable);
  });
  after(async () => {
    await browser?.close();
    await t?.stop();
    await site?.close();
    await dns?.close();
  });

  it('checks a domain from the home page by keyboard alone, and shows a flagged lookalike for a person to review', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${t.url}/`);
    // Keyboard only: Tab to the check field, type, Enter.
    for (let i = 0; i < 20 && (await page.evaluate('document.activeElement && document.activeElement.id')) !== 'check'; i++) await page.keyboard.press('Tab');
    expect(await page.evaluate('document.activeElement.id')).to.equal('check');
    await page.keyboard.type('https://paypa1.com/login');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/domains\/paypa1\.com$/);
    expect(await page.textContent('.verdict')).to.include('looks like paypal.com');
    expect(await page.textContent('#lookalike')).to.equal('Possible impostor');
    expect(await page.textContent('section.warning')).to.include('Before paying or sharing data');
    // One state heads the page, in words beside its colour, with what agents are told.
    expect(await page.textContent('.verdict .state')).to.match(/^(Still looking|Do not go ahead|Ask a person)$/);
    expect(await page.textContent('.verdict')).to.match(/agents are told: .* \((BLOCK|FLAG)\)/i);
    expect(await page.textContent('main')).to.include('A person should decide');
    // innerText: what a person sees, without the folded quote of the agents' own words.
    // biome-ignore lint/performance/useDomNodeTextContent: playwright's innerText, the text a person sees
    expect(await page.innerText('main')).to.not.match(/external=|POST \/watches|domain_age/);
    const signals = await page.locator('tbody tr').count();
    expect(signals).to.equal(5);
    // The same answer as the JSON, which links to this page.
    const json = (await (await t.get('/verify/paypa1.com?signals=true')).json()) as { data: { trust_score: number; links: { page: string } } };
    expect(json.data.links.page).to.equal(`${t.url}/domains/paypa1.com`);
    expect(await page.textContent('#score')).to.include(`${json.data.trust_score} of 100`);
    // The imitated brand's own page says it is the brand's.
    await page.click('section.warning a');
    await page.waitForURL(/\/domains\/paypal\.com$/);
    expect(await page.textContent('.verdict')).to.include('a domain of a known brand');
    await context.close();
  });

  it('looks now from the verdict page, and watches the domain through a form, without a line of script', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${t.url}/domains/good.example.com`);
    await page.click('button:text("Look now")');
    await page.waitForURL(/\/domains\/good\.example\.com\?external=true$/);
    // The live look observed every signal: nothing is pending, so the page no longer says it is still looking.
    expect(await page.textContent('.verdict .state')).to.not.equal('Still looking');
    expect(await page.textContent('table.signals')).to.not.include('Being looked at now');
    await page.fill('#callback_url', 'http://hooks.example.com/vetted');
    await page.click('button:text("Watch this domain")');
    expect(await page.textContent('h1')).to.equal('400 VALIDATION_ERROR');
    expect(await page.textContent('main')).to.include('https');
    await page.goBack();
    await page.fill('#callback_url', 'https://good.example.com/hooks/vetted');
    await page.click('button:text("Watch this domain")');
    expect(await page.textContent('h1')).to.equal('You are watching good.example.com');
    expect(await page.textContent('main'))
      .to.match(/whsec_[A-Za-z0-9+/]+=*/)
      .and.match(/wtk_/);
    await context.close();
  });

  it('answers GET /verify and /lookup with their pages to a browser: verified, blocked, and the entity', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${t.url}/verify/acme.example.com`);
    expect(await page.textContent('.verdict')).to.include('belongs to Acme Widgets');
    expect(await page.locator('#embed').inputValue()).to.include(`${t.url}/badge/acme.example.com.svg`);
    await page.click(`a[href="/entities/${entityId}"]`);
    expect(await page.textContent('h1')).to.equal('Acme Widgets');
    expect(await page.textContent('.verdict')).to.include('It vouches for its domain now.');
    await page.goto(`${t.url}/lookup/${entityId}`);
    expect(await page.textContent('h1')).to.equal('Acme Widgets');
    await page.goto(`${t.url}/verify/scam.example.net`);
    expect(await page.textContent('.verdict')).to.include('blocked by this registry');
    expect(await page.textContent('.verdict')).to.include('phishing kit reported twice');
    await context.close();
  });

  it('scans again from the verdict page until the budget is spent, then says when it is possible again', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${t.url}/domains/good.example.com`);
    await page.click('button:text("Scan now")');
    const first = await followToReport(page);
    await page.goto(`${t.url}/domains/good.example.com`);
    await waitUntil('the verdict page shows the report', async () => {
      await page.reload();
      return (await page.textContent('#readiness')) === 'Readiness: ready';
    });
    await page.click('button:text("Scan again")');
    expect(await followToReport(page)).to.not.equal(first);
    await page.goto(`${t.url}/domains/good.example.com`);
    await page.click('button:text("Scan again")');
    expect(await page.textContent('h1')).to.include('429');
    expect(await page.textContent('body')).to.match(/retry after \d+ seconds/);
    await context.close();
  });

  it('scans again from a report page, through an accessible progress page, to a new report', async () => {
    const context = await browser.newContext({ bypassCSP: true });
    const page = await context.newPage();
    await page.goto(`${t.url}/domains/slow.example.com`);
    await page.click('button:text("Scan now")');
    await page.waitForURL(/\/scans\//);
    expect(await page.textContent('h1')).to.equal('Scanning slow.example.com');
    const found = await urlProblems(context, page.url());
    const first = await followToReport(page);
    await page.click('button:text("Scan again")');
    expect(await followToReport(page)).to.not.equal(first);
    expect(await page.textContent('h1')).to.equal('Vetted report: slow.example.com');
    expect(found).to.deep.equal([]);
    await context.close();
  });

  it('shows a person the transparency log: how many entries, the signed checkpoint, the latest entries in words, linked to their domains', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await waitUntil('the log holds the writes', async () => {
      await page.goto(`${t.url}/log`);
      return (await page.locator('tbody tr').count()) > 0;
    });
    expect(await page.textContent('h1')).to.equal('The transparency log');
    expect(await page.textContent('main p.verdict')).to.match(/appended to a public, append-only log: \d+ entr(y|ies) so far/);
    expect(await page.textContent('pre')).to.match(/\/log\n\d+\n[A-Za-z0-9+/]{43}=\n\n— /);
    const row = page.locator('tbody tr', { hasText: 'scam.example.net' }).first();
    expect(await row.textContent()).to.contain('blocked by the operator');
    await row.getByRole('link', { name: 'scam.example.net' }).click();
    await page.waitForURL(/\/domains\/scam\.example\.net$/);
    await context.close();
  });

  it('links every page home, the home page to the log, and answers /docs to a browser as a page', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    for (const path of ['/', '/domains/paypa1.com', `/entities/${entityId}`, '/log', '/docs', '/register', '/privacy', '/domains/not..a.domain']) {
      await page.goto(`${t.url}${path}`);
      expect(await page.locator('header a[href="/"]').count(), path).to.be.above(0);
    }
    await page.goto(`${t.url}/`);
    await page.click('main a[href="/log"]');
    expect(await page.textContent('h1')).to.equal('The transparency log');
    await page.goto(`${t.url}/docs`);
    expect(await page.textContent('h1')).to.equal('Vetted documentation');
    expect(await page.locator('main table').count()).to.be.above(0);
    expect((await t.get('/docs')).headers.get('content-type')).to.equal('text/markdown; charset=utf-8');
    await context.close();
  });

  it('has no serious or critical accessibility violation and no sideways scrolling on any of these pages, light and dark, 360 to 1440 pixels', async () => {
    const urls = [
      '/',
      '/domains/paypa1.com',
      '/domains/acme.example.com',
      '/domains/acme.example.com?external=true',
      '/domains/scam.example.net',
      '/domains/never-asked.example.org',
      `/entities/${entityId}`,
      '/domains/not..a.domain',
      '/log',
      '/docs',
      '/api.md',
    ].map((p) => `${t.url}${p}`);
    const found: string[] = [];
    for (const colorScheme of ['light', 'dark'] as const) {
      const context = await browser.newContext({ bypassCSP: true, colorScheme });
      for (const url of urls) found.push(...(await urlProblems(context, url)).map((p) => `${colorScheme} ${p}`));
      await context.close();
    }
    expect(found).to.deep.equal([]);
  });
});

/** Follows the progress page's "Check again" link (it never reloads itself) until the report opens; its URL. */
async function followToReport(page: Page): Promise<string> {
  await waitUntil(
    'the report opens',
    async () => {
      if (/\/reports\/rpt_/.test(page.url())) return true;
      await page.click('a:text("Check again")');
      return false;
    },
    30_000,
    100,
  );
  return page.url();
}
