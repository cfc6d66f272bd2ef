import { expect } from 'chai';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { chromiumPath, launchBrowser } from '../support/browser.js';
import type { TestDnsServer } from '../support/dns-server.js';
import { startFixtureSite, type FixtureSite } from '../support/fixture-site.js';
import { goodHomepageHandler, goodSiteFiles } from '../support/good-site.js';
import { seriousViolations, sidewaysOverflow } from '../support/page-audit.js';
import { createTestCa } from '../support/test-ca.js';
import type { TestService } from '../support/test-service.js';
import { startScanningService } from '../support/scanning-service.js';

// Before the report page put its verdict and fixes first and folded the rest, the well-formed
// site's report was 49,400 px tall at 360 px wide and the failing site's 64,747 px; now about 2,500
// and 7,700. With nothing to fix, what shows unfolded is the verdict, one line per folded part,
// the site facts and one line per evidence item: 4,000 px leaves room for longer names and words,
// and one unfolded table or excerpt list would pass it.
const GOOD_SITE_MAX_HEIGHT = 4000;
// The failing site shows each of its 15 failed or warned checks as a card with its fix, and its
// evidence folded; 12,000 px would be passed if evidence or passed checks came back unfolded.
const FAILING_SITE_MAX_HEIGHT = 12_000;
// A token longer than any line, to prove long evidence wraps rather than scrolls or overflows.
const LONG_TOKEN = 'x'.repeat(3000);

// Expressions, not functions: they run in the page, and this project's TypeScript has no DOM types.
const CHECK_ROWS = `[...document.querySelectorAll('table.checks tbody tr')].map((tr) => ({
  status: tr.querySelector('.status').textContent,
  found: tr.querySelector('td.found').innerText,
  fix: tr.querySelector('td.fix') ? tr.querySelector('td.fix').innerText : '',
  folded: tr.closest('details') !== null && !tr.closest('details').open,
  codes: tr.querySelectorAll('td.found code, td.fix code').length,
}))`;
const TABLE_TEXT = `[...document.querySelectorAll('table.checks')].map((t) => t.innerText).join('\\n')`;
const EVIDENCE_FOLDED = `[...document.querySelectorAll('.evidence')].map((e) => e.closest('details') !== null && !e.closest('details').open)`;
const OPEN_ALL = `document.querySelectorAll('details').forEach((d) => { d.open = true; })`;
const PAGE_HEIGHT = 'document.documentElement.scrollHeight';

interface CheckRow {
  status: string;
  found: string;
  fix: string;
  folded: boolean;
  codes: number;
}

// A report page read like a person on a phone reads it: the verdict and what to fix first, the
// rest folded, code as code, each sentence once; and still accessible with every part unfolded.
describe('the report page as a person reads it (chromium)', function () {
  this.timeout(120_000);
  const executable = chromiumPath();
  let browser: Browser;
  let site: FixtureSite;
  let dns: TestDnsServer;
  let t: TestService;
  const reports: Record<'good' | 'failing', string> = { good: '', failing: '' };

  before(async function () {
    if (!executable) return this.skip();
    const ca = await createTestCa();
    site = await startFixtureSite({ tls: await ca.issue(['good.example.com', 'failing.example.com']) });
    site.route('good.example.com/', { handler: goodHomepageHandler('good.example.com') });
    for (const [path, file] of Object.entries(goodSiteFiles('good.example.com').https)) if (path !== '/') site.route(`good.example.com${path}`, file);
    routeFailingSite(site, 'failing.example.com');
    ({ t, dns } = await startScanningService(['good.example.com', 'failing.example.com'], ca, site));
    browser = await launchBrowser(executable);
    const context = await browser.newContext();
    const page = await context.newPage();
    reports.good = await scanThroughForm(page, 'good.example.com');
    reports.failing = await scanThroughForm(page, 'failing.example.com');
    await context.close();
  });
  after(async () => {
    await browser?.close();
    await t?.stop();
    await site?.close();
    await dns?.close();
  });

  /** Submits the home page's form and follows the progress page to the report. */
  async function scanThroughForm(page: Page, pasted: string): Promise<string> {
    await page.goto(`${t.url}/`);
    await page.fill('#domain', pasted);
    await page.click('form:has(#domain) button[type=submit]');
    await page.waitForURL(/\/reports\/rpt_/, { timeout: 30_000 });
    return page.url();
  }

  async function withPage<T>(
    options: Parameters<Browser['newContext']>[0],
    url: string,
    read: (page: Page, context: BrowserContext) => Promise<T>,
  ): Promise<T> {
    const context = await browser.newContext(options);
    try {
      const page = await context.newPage();
      await page.goto(url);
      return await read(page, context);
    } finally {
      await context.close();
    }
  }

  it('puts the verdict first, then each failed or warned check with its fix, and folds what passed', async () => {
    const rows = await withPage({}, reports.failing, async (page) => {
      const firstHeadings = (await page.evaluate(
        `[...document.querySelectorAll('h1, h2, summary, .readiness')].slice(0, 3).map((e) => e.textContent.trim())`,
      )) as string[];
      expect(firstHeadings[0]).to.equal('Vetted report: failing.example.com');
      expect(firstHeadings[1]).to.match(/^(ready|limited|unknown)$/);
      expect(firstHeadings[2]).to.match(/^Core checks: \d+ to fix$/);
      return (await page.evaluate(CHECK_ROWS)) as CheckRow[];
    });
    const statuses = rows.map((r) => r.status);
    expect(statuses).to.include('fail').and.include('pass');
    const lastToFix = Math.max(...statuses.map((s, i) => (s === 'pass' || s === 'info' ? -1 : i)));
    const firstPassed = statuses.indexOf('pass');
    expect(lastToFix, 'every failed or warned row before the first passed one').to.be.below(firstPassed);
    for (const row of rows) {
      expect(row.folded, `${row.status}: ${row.found}`).to.equal(row.status === 'pass' || row.status === 'info');
      if (row.status === 'fail' || row.status === 'warn') expect(row.fix, row.found).to.not.equal('');
    }
  });

  it('renders code spans as code and says each sentence once: what was found, then what to do', async () => {
    for (const url of [reports.good, reports.failing]) {
      // Unfolded, as a person who opens every part reads it (text in a closed part is not rendered).
      const { rows, text } = await withPage({}, url, async (page) => {
        await page.evaluate(OPEN_ALL);
        return { rows: (await page.evaluate(CHECK_ROWS)) as CheckRow[], text: (await page.evaluate(TABLE_TEXT)) as string };
      });
      expect(text, url).to.not.include('`');
      expect(
        rows.every((r) => r.found !== ''),
        url,
      ).to.equal(true);
      if (url === reports.failing) expect(rows.filter((r) => r.codes > 0).length, 'rows with code').to.be.above(5);
      for (const row of rows) {
        const fixSentences = sentences(row.fix);
        for (const sentence of sentences(row.found)) expect(fixSentences, `${row.found} | ${row.fix}`).to.not.include(sentence);
        for (const cell of [row.found, row.fix]) {
          const s = sentences(cell);
          for (const [i, one] of s.entries()) expect(one, cell).to.not.equal(s[i + 1]);
        }
      }
    }
  });

  it('folds every piece of evidence behind a closed disclosure', async () => {
    for (const url of [reports.good, reports.failing]) {
      const folded = (await withPage({}, url, (page) => page.evaluate(EVIDENCE_FOLDED))) as boolean[];
      expect(folded.length, url).to.be.above(10);
      expect(folded.every(Boolean), url).to.equal(true);
    }
  });

  it('is far shorter on a 360 px phone than the whole report used to be', async () => {
    const heights: Record<string, number> = {};
    for (const [name, url] of Object.entries(reports)) {
      heights[name] = (await withPage({ viewport: { width: 360, height: 800 } }, url, (page) => page.evaluate(PAGE_HEIGHT))) as number;
    }
    console.log(`      report heights at 360 px: ${JSON.stringify(heights)}`);
    expect(heights.good).to.be.below(GOOD_SITE_MAX_HEIGHT);
    expect(heights.failing).to.be.below(FAILING_SITE_MAX_HEIGHT);
  });

  it('has no serious or critical axe-core violation and no sideways scrolling, folded and unfolded, light and dark, 360 to 1440 px', async () => {
    const found: string[] = [];
    for (const colorScheme of ['light', 'dark'] as const) {
      for (const [name, url] of Object.entries(reports)) {
        // axe is injected past the CSP, in a context of its own.
        await withPage({ bypassCSP: true, colorScheme }, url, async (page) => {
          for (const unfolded of [false, true]) {
            if (unfolded) await page.evaluate(OPEN_ALL);
            const state = `${colorScheme} ${name}${unfolded ? ' unfolded' : ''}`;
            for (const width of [360, 768, 1440]) {
              const overflow = await sidewaysOverflow(page, width);
              if (overflow) found.push(`${state}: ${overflow}`);
              if (width !== 768) found.push(...(await seriousViolations(page)).map((v) => `${state} ${width} px: ${v}`));
            }
          }
        });
      }
    }
    expect(found).to.deep.equal([]);
  });
});

/** The sentences of a cell long enough to matter, trimmed. */
function sentences(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+/)
    .map((s) => s.trim())
    .filter((s) => s.length > 12);
}

/** A site that fails or warns on most checks, with long, unbroken text in its headers and bodies. */
function routeFailingSite(site: FixtureSite, host: string): void {
  const longPage = `<html><head></head><body><p>${LONG_TOKEN}</p>${'<p>Plenty of words in a paragraph that goes on.</p>\n'.repeat(60)}</body></html>`;
  site.route(`${host}/`, {
    headers: {
      'content-type': 'text/html',
      'strict-transport-security': 'max-age=0',
      'content-security-policy': `script-src * 'unsafe-inline' 'unsafe-eval'; report-uri https://${host}/${LONG_TOKEN.slice(0, 400)}`,
      'x-frame-options': 'ALLOWALL',
      'set-cookie': 'session=abc; Path=/',
      link: `<https://${host}/${LONG_TOKEN.slice(0, 600)}>; rel="nothing"`,
    },
    body: longPage,
  });
  site.route(`${host}/robots.txt`, { headers: { 'content-type': 'text/html' }, body: longPage });
  site.route(`${host}/sitemap.xml`, { headers: { 'content-type': 'application/xml' }, body: `<urlset><url><loc>${LONG_TOKEN}</loc></url>` });
  site.route(`${host}/.well-known/security.txt`, { headers: { 'content-type': 'text/plain' }, body: `Policy: ${LONG_TOKEN}\n` });
  site.route(`${host}/agents.md`, { headers: { 'content-type': 'text/html' }, body: longPage });
  site.route(`${host}/llms.txt`, { headers: { 'content-type': 'text/plain' }, body: `no heading ${LONG_TOKEN}` });
  site.route(`${host}/.well-known/agent-card.json`, { headers: { 'content-type': 'application/json' }, body: `{"name": "${LONG_TOKEN}"}` });
}
